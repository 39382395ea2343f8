import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';

const SharedFoldersTree = lazy(() => import('./shared-folders-tree.tsx').then((m) => ({ default: m.SharedFoldersTree })));

/** The folder tree's 'Shared with me' group: its code and read come after the dashboard's first paint. */
export function SharedFoldersTreeSlot({ userId }: { userId: string }) {
  const ready = useAfterFirstPaint(true);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SharedFoldersTree userId={userId} />
    </Suspense>
  );
}
