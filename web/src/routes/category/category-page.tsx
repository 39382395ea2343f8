import { useLocation, useParams } from 'react-router-dom';
import type { Category } from '~shared/data/categories/api.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { FolderView } from '../../features/folders/folder-view.tsx';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { isVirtualFolderId, VirtualFolderPage } from './virtual-folder-view.tsx';

/** /category/:categoryId: works from the id alone (reload, pasted URL); router state only speeds up the header. */
export function CategoryPage() {
  const { session } = useSessionState();
  const { categoryId } = useParams();
  const location = useLocation();
  if (!session || !categoryId) return <PageFallback />;
  if (isVirtualFolderId(categoryId)) return <VirtualFolderPage key={categoryId} userId={session.user.id} id={categoryId} />;
  const state = location.state as { category?: Category } | null;
  return <FolderView key={categoryId} userId={session.user.id} folderId={categoryId} initialCategory={state?.category ?? null} />;
}
