import { useLocation, useParams } from 'react-router-dom';
import type { Category } from '~shared/data/categories/api.ts';
import { useSessionState } from '../../app/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { FolderView } from './folder-view.tsx';

/** /category/:categoryId: works from the id alone (reload, pasted URL); router state only speeds up the header. */
export function CategoryPage() {
  const { session } = useSessionState();
  const { categoryId } = useParams();
  const location = useLocation();
  if (!session || !categoryId) return <PageFallback />;
  const state = location.state as { category?: Category } | null;
  return <FolderView key={categoryId} userId={session.user.id} folderId={categoryId} initialCategory={state?.category ?? null} />;
}
