import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';
import { DashboardCard } from './dashboard-card.tsx';
import { templatePath } from '../../lib/paths.ts';
import { useTemplateTree } from './use-template-tree.ts';

function FolderList({ label, folders, href }: { label: string; folders: readonly Category[]; href: (c: Category) => string }) {
  return (
    <div className="grid gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</h3>
      {folders.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2" aria-label={label}>
          {folders.map((folder) => (
            <li key={folder.id} className="min-w-0">
              <Link
                to={href(folder)}
                state={{ category: folder }}
                className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <CategoryIcon iconUrl={folder.icon_url} size="sm" />
                <span className="truncate">{folder.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 'Your Categories / Templates' (part 2 §2): the user's own top-level folders, and for admins the template folders. */
export function YourCategoriesCard({ userId }: { userId: string }) {
  const client = useDataClient();
  const categories = useQuery(categoryQueries.list(client, userId));
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId)).data === true;
  const { tree } = useTemplateTree();
  const own = (categories.data ?? []).filter((c) => !c.is_template && !c.parent_category_id);
  const templates = (tree.data?.categories ?? []).filter((c) => !c.parent_category_id);
  return (
    <DashboardCard id="your-categories" title={isAdmin ? 'Your Categories / Templates' : 'Your Categories'}>
      {categories.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <FolderList label="Your Categories" folders={own} href={(c) => `/category/${c.id}`} />
      )}
      {isAdmin ? <FolderList label="Templates" folders={templates} href={(c) => templatePath(c.id)} /> : null}
    </DashboardCard>
  );
}
