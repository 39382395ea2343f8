import { useSessionState } from '../../lib/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { Dashboard } from './dashboard.tsx';

/** /dashboard (part 1 §2 link features): the session guard and header banner come from the signed-in layout. */
export function DashboardPage() {
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  return <Dashboard userId={session.user.id} />;
}
