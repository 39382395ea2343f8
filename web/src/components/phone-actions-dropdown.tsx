import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '~shared/ui/cn.ts';
import { ChevronDownIcon } from '~shared/ui/icons.tsx';

/** One entry of the phone menu: a page to go to, or an action. */
export type PhoneMenuEntry =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode }
  | { kind: 'action'; label: string; onSelect: () => void; disabled?: boolean; icon?: ReactNode }
  /** A line of text, not a choice (e.g. 'Your username: @ann'). */
  | { kind: 'label'; label: ReactNode };

const MENU_ITEM =
  'flex cursor-pointer select-none items-center gap-2 rounded px-2 py-2 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/**
 * Phones (below 640 px): a page's secondary buttons as one 'More' menu, so its first screen shows
 * links rather than a wall of buttons. Wider screens show the buttons themselves (the trigger is
 * hidden from 640 px on). Radix gives the keyboard: Enter/Space/ArrowDown open, arrows move, Escape closes.
 */
export function PhoneActionsDropdown({
  label,
  entries,
  className,
}: {
  label: string;
  entries: readonly PhoneMenuEntry[];
  className?: string;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={label}
        data-testid="phone-actions-menu"
        className={cn(
          'inline-flex h-9 shrink-0 items-center gap-1 rounded-md border border-input bg-card/80 px-3 text-sm font-medium backdrop-blur hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:hidden',
          className,
        )}
      >
        More
        <ChevronDownIcon size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="lv-animate-in z-50 max-w-[calc(100vw-1rem)] min-w-56 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {entries.map((entry, i) =>
            entry.kind === 'label' ? (
              <DropdownMenu.Label key={i} className="truncate px-2 py-1.5 text-xs text-muted-foreground">
                {entry.label}
              </DropdownMenu.Label>
            ) : entry.kind === 'link' ? (
              <DropdownMenu.Item key={entry.label} asChild className={MENU_ITEM}>
                <Link to={entry.to}>
                  {entry.icon}
                  {entry.label}
                </Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={entry.label} className={MENU_ITEM} disabled={entry.disabled} onSelect={entry.onSelect}>
                {entry.icon}
                {entry.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
