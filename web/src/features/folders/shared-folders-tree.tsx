import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderMemberQueries } from '~shared/data/folder-members/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { formatCount } from '~shared/rules/text.ts';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';

const ROLE_WORD = { viewer: 'Viewer', editor: 'Editor' } as const;

/**
 * The folder tree's 'Shared with me' group: folders other people shared with the user (accepted),
 * each with its owner's name and the user's role, opening the shared folder's page. Reads the same
 * cache entry as the dashboard's 'Shared with me' (one request for both). Nothing when there are none.
 */
export function SharedFoldersTree({ userId }: { userId: string }) {
  const client = useDataClient();
  const shared = useQuery(folderMemberQueries.shared(client, userId));
  const folders = shared.data ?? [];
  if (folders.length === 0) return null;
  return (
    <div className="mt-3 border-t border-border pt-3" data-testid="tree-shared-with-me">
      <h3 id="tree-shared-with-me-heading" className="mb-1 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Shared with me
      </h3>
      <ul aria-labelledby="tree-shared-with-me-heading" className="grid gap-0.5">
        {folders.map((f) => (
          <li key={f.folder_id}>
            <Link
              to={`/category/${f.folder_id}`}
              className="flex h-12 items-center gap-2 rounded-lg px-2 transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              data-testid="tree-shared-folder"
              aria-label={`${f.name}, shared by ${f.owner_name}, ${ROLE_WORD[f.role].toLowerCase()}, ${f.link_count} ${f.link_count === 1 ? 'link' : 'links'}`}
            >
              <span aria-hidden="true" className="h-7 w-7 shrink-0" />
              <CategoryIcon iconUrl={f.icon_url} size="md" />
              <span className="grid min-w-0 flex-1">
                <span className="truncate text-sm font-medium" title={f.name}>
                  {f.name}
                </span>
                <span className="truncate text-[11px] leading-4 text-muted-foreground" title={`${f.owner_name} · ${ROLE_WORD[f.role]}`}>
                  {`${f.owner_name} · ${ROLE_WORD[f.role]}`}
                </span>
              </span>
              <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{formatCount(f.link_count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
