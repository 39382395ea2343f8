import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '~shared/ui/button.tsx';

/** A folder above this one in the breadcrumb. */
export interface Crumb {
  key: string;
  name: string;
  to: string;
  state?: unknown;
}

interface FolderHeaderProps {
  /** The folders above this one, outermost first; none: the breadcrumb is Home alone. */
  crumbs: readonly Crumb[];
  name: string;
  icon: ReactNode;
  /** The line under the name (data-testid folder-count): the links, and what the user may do. */
  count: ReactNode;
  /** The folder's buttons (Share Folder, Copy to my collection…). */
  children?: ReactNode;
  /** Phones: the same actions as one menu (components/phone-actions-menu.tsx), shown instead of the buttons. */
  menu?: ReactNode;
  onHome: () => void;
}

/** The folder's header: breadcrumb from Home, icon, name, count line and the folder's buttons. */
export function FolderHeader({ crumbs, name, icon, count, children, menu, onHome }: FolderHeaderProps) {
  return (
    <header className="grid gap-2 rounded-xl border border-border bg-card/95 p-3 shadow-sm sm:gap-3 sm:p-4" data-testid="folder-header">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-2 text-sm">
        <Button variant="outline" size="sm" onClick={onHome}>
          Home
        </Button>
        {crumbs.length > 0 ? (
          <ol className="flex min-w-0 flex-wrap items-center gap-1 text-muted-foreground">
            {crumbs.map((crumb) => (
              <li key={crumb.key} className="flex min-w-0 items-center gap-1">
                <span aria-hidden="true">›</span>
                <Link to={crumb.to} state={crumb.state} className="truncate hover:text-foreground hover:underline">
                  {crumb.name}
                </Link>
              </li>
            ))}
            <li className="flex min-w-0 items-center gap-1" aria-current="page">
              <span aria-hidden="true">›</span>
              <span className="truncate text-foreground">{name}</span>
            </li>
          </ol>
        ) : null}
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        {icon}
        <div className="min-w-0 flex-1 basis-40">
          {/* Wraps rather than truncates: on a phone 'Recently Received Links (TikTok)' would lose its last word. */}
          <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">{name}</h1>
          <p className="text-sm text-muted-foreground" data-testid="folder-count">
            {count}
          </p>
        </div>
        {/* With a phone menu the buttons show from 640 px on; `contents` keeps the wide layout as it was. */}
        <div className={menu ? 'hidden sm:contents' : 'contents'}>{children}</div>
        {menu}
      </div>
    </header>
  );
}
