import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { SCROLL_AREA_HIDE_DELAY_MS } from '~shared/constants.ts';
import { cn } from '~shared/ui/cn.ts';

/**
 * A scrollable box whose scrollbar shows while it is scrolled or pointed at and hides 600 ms after
 * (part 2 §2). The bar only turns transparent (scrollbar-color), so the content never shifts.
 */
export function ScrollArea({ className, style, children, onScroll, onPointerEnter, onPointerLeave, ...rest }: ComponentProps<'div'>) {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = () => {
    setVisible(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), SCROLL_AREA_HIDE_DELAY_MS);
  };
  return (
    <div
      {...rest}
      className={cn('overflow-y-auto [scrollbar-gutter:stable]', className)}
      style={{ ...style, scrollbarColor: visible ? undefined : 'transparent transparent' }}
      data-scrollbar={visible ? 'visible' : 'hidden'}
      onScroll={(event) => {
        show();
        onScroll?.(event);
      }}
      onPointerEnter={(event) => {
        show();
        onPointerEnter?.(event);
      }}
      onPointerLeave={onPointerLeave}
    >
      {children}
    </div>
  );
}
