import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { preferencesQueries } from '~shared/data/preferences/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { PageFallback } from '../../components/page-fallback.tsx';
import { useSessionState } from '../../lib/session/use-session-state.ts';

/**
 * /start, where sign-in lands without a ?redirect=: the start page chosen in General settings (the
 * dashboard, or a folder of the user's), the dashboard when that cannot be read.
 */
export function StartPage() {
  const client = useDataClient();
  const userId = useSessionState().session?.user.id ?? '';
  const preferences = useQuery({ ...preferencesQueries.detail(client, userId), enabled: !!userId });
  if (preferences.isPending && !preferences.isError) return <PageFallback />;
  const folder = preferences.data?.start_page === 'folder' ? preferences.data.start_category_id : null;
  return <Navigate to={folder ? `/category/${folder}` : '/dashboard'} replace />;
}
