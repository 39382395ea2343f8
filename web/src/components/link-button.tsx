import { Link, type LinkProps } from 'react-router-dom';
import { cn } from '~shared/ui/cn.ts';

/** 'plain' sets no colours: the caller's classes give them (buttons on coloured backgrounds). */
type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'plain';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary/90 shadow-sm',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  outline: 'border border-input bg-background/60 hover:bg-accent hover:text-accent-foreground',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  plain: '',
};

/** A router link that looks like shared/ui's Button (navigation stays a real link: middle-click, copy). */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  className,
  ...props
}: LinkProps & { variant?: Variant; size?: 'md' | 'lg' }) {
  return (
    <Link
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        size === 'lg' ? 'h-12 px-6 text-base' : 'h-10 px-4 text-sm',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
