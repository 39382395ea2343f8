import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';

const SharedWithMe = lazy(() => import('./shared-with-me.tsx').then((m) => ({ default: m.SharedWithMe })));

/** Folder invitations and 'Shared with me' on the dashboard: their code and reads come after the first paint. */
export function SharedWithMeSlot({ userId }: { userId: string }) {
  const ready = useAfterFirstPaint(true);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SharedWithMe userId={userId} />
    </Suspense>
  );
}
