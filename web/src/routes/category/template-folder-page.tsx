import { useLocation, useParams } from 'react-router-dom';
import type { Category } from '~shared/data/categories/api.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { TemplateFolderView } from '../../features/folders/template-folder-view.tsx';
import { useSessionState } from '../../lib/session/use-session-state.ts';

/** /category/all-templates/:templateId: one template folder's links (part 2 §2), the folder view's template mode. */
export function TemplateFolderPage() {
  const { session } = useSessionState();
  const { templateId } = useParams();
  const location = useLocation();
  if (!session || !templateId) return <PageFallback />;
  const state = location.state as { category?: Category } | null;
  return <TemplateFolderView key={templateId} userId={session.user.id} folderId={templateId} initialCategory={state?.category ?? null} />;
}
