import { PageFallback } from '../../components/page-fallback.tsx';
import { AllTemplatesView } from '../../features/templates/all-templates-view.tsx';
import { useSessionState } from '../../lib/session/use-session-state.ts';

/** /category/all-templates (part 2 §2): the pseudo-folder 'Our Templates', every template folder. */
export function AllTemplatesPage() {
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  return <AllTemplatesView userId={session.user.id} />;
}
