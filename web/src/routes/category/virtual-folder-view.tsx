import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { INCOMING_CATEGORY_ID, OUTGOING_CATEGORY_ID } from '~shared/constants.ts';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { FolderView } from '../../features/folders/folder-view.tsx';
import { FolderShell } from '../../features/folders/folder-shell.tsx';
import { FolderLoadError, FolderLoading, FolderNotFound } from '../../features/folders/folder-states.tsx';
import { OutgoingView } from '../../features/folders/outgoing-view.tsx';

/** The two virtual ids of the dashboard's sub-sections (part 1 §2): they name places, not rows. */
export const isVirtualFolderId = (id: string) => id === INCOMING_CATEGORY_ID || id === OUTGOING_CATEGORY_ID;

/**
 * /category/incoming-category is the user's inbox folder (its id is per user, so the page looks it
 * up; the address stays the one the dashboard links to); /category/outgoing-category lists the
 * shares the user sent.
 */
export function VirtualFolderPage({ userId, id }: { userId: string; id: string }) {
  if (id === INCOMING_CATEGORY_ID) return <IncomingFolderPage userId={userId} />;
  return <OutgoingView userId={userId} />;
}

function IncomingFolderPage({ userId }: { userId: string }) {
  const client = useDataClient();
  const navigate = useNavigate();
  const categories = useQuery(categoryQueries.list(client, userId));
  const inbox = categories.data?.find((c) => c.system_key === 'incoming');
  if (inbox) return <FolderView userId={userId} folderId={inbox.id} initialCategory={inbox} />;
  return (
    <FolderShell>
      {categories.isError ? (
        <FolderLoadError onRetry={() => void categories.refetch()} />
      ) : categories.isPending ? (
        <FolderLoading />
      ) : (
        <FolderNotFound message="Incoming category not found. Please contact support." back="Home" onBack={() => navigate('/dashboard')} />
      )}
    </FolderShell>
  );
}
