import type { ReactNode } from 'react';
import { cn } from '~shared/ui/cn.ts';

/** The frame of the dashboard's template and admin cards. */
export function DashboardCard({
  id,
  title,
  badge,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  badge?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className={cn('grid content-start gap-3 rounded-xl border border-border bg-card/95 p-4 text-card-foreground shadow-sm', className)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {badge ? <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{badge}</span> : null}
        {actions ? <div className="ml-auto flex items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
