import type { ReactNode } from 'react';
import { cn } from '~shared/ui/cn.ts';
import { ChevronDownIcon } from '~shared/ui/icons.tsx';
import { formatCount } from '~shared/rules/text.ts';

interface SectionHeaderProps {
  /** id of the collapsible body (aria-controls). */
  bodyId: string;
  icon: ReactNode;
  name: string;
  count: number;
  collapsed: boolean;
  onToggle: () => void;
  /** Opens the category (clicking the header, part 1 §2). */
  onOpen: () => void;
  actions?: ReactNode;
  level?: 3 | 4;
}

/** A category or sub-section header: collapse toggle, icon, name (opens it), count badge, actions. */
export function SectionHeader({ bodyId, icon, name, count, collapsed, onToggle, onOpen, actions, level = 3 }: SectionHeaderProps) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-controls={bodyId}
        aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${name}`}
        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronDownIcon size={16} strokeWidth={2.2} className={cn('transition-transform', collapsed && '-rotate-90')} />
      </button>
      <Heading className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          title={`Open ${name}`}
          className="group/open flex w-full min-w-0 items-center gap-2.5 rounded-md py-1 pr-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {icon}
          <span className={cn('truncate font-semibold group-hover/open:underline', level === 3 ? 'text-base' : 'text-sm')}>{name}</span>
          <span
            className="shrink-0 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold tabular-nums text-primary"
            aria-label={`${count} links`}
            data-testid="count-badge"
          >
            {formatCount(count)}
          </span>
        </button>
      </Heading>
      {actions}
    </div>
  );
}
