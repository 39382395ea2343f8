import { cn } from '~shared/ui/cn.ts';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';
import type { FolderKind } from './folder-kind.ts';

const SIZES = { sm: 'h-6 w-6', md: 'h-8 w-8', lg: 'h-14 w-14' } as const;

/** Inline glyphs for the system folders: each has an empty and a non-empty look (part 2 §4 'Other'). */
function SystemSvg({ kind, full }: { kind: 'incoming' | 'approved' | 'rejected'; full: boolean }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  if (kind === 'incoming') {
    return (
      <svg viewBox="0 0 24 24" className="h-[62%] w-[62%]" aria-hidden="true">
        <path {...common} d="M22 12h-6l-2 3h-4l-2-3H2" />
        <path {...common} d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
        {full ? <circle cx="19" cy="5" r="4" fill="currentColor" stroke="none" /> : null}
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="h-[62%] w-[62%]" aria-hidden="true">
      <circle cx="12" cy="12" r="10" {...common} fill={full ? 'currentColor' : 'none'} />
      <path
        {...common}
        stroke={full ? 'var(--color-background, #fff)' : 'currentColor'}
        d={kind === 'approved' ? 'm8 12 3 3 5-6' : 'm9 9 6 6m0-6-6 6'}
      />
    </svg>
  );
}

/**
 * A folder's icon in the folder view. Incoming (and Instagram/TikTok), APPROVED and REJECTED show their own glyph, empty
 * or with content; any other folder its chosen icon.
 */
export function FolderGlyph({
  kind,
  count,
  iconUrl,
  size = 'md',
}: {
  kind: FolderKind;
  count: number;
  iconUrl: string | null;
  size?: keyof typeof SIZES;
}) {
  if (kind === 'regular') return <CategoryIcon iconUrl={iconUrl} size={size} />;
  const full = count > 0;
  // The Instagram/TikTok receiving folders are incoming folders too: the inbox glyph, by their link count.
  const glyph = kind === 'incoming-source' ? 'incoming' : kind;
  const tone =
    glyph === 'incoming'
      ? 'bg-primary/12 text-primary'
      : glyph === 'approved'
        ? 'bg-success/15 text-success'
        : 'bg-destructive/12 text-destructive';
  return (
    <span
      data-testid="folder-glyph"
      data-icon={`${kind}-${full ? 'full' : 'empty'}`}
      aria-hidden="true"
      className={cn(SIZES[size], 'flex shrink-0 items-center justify-center rounded-lg', tone)}
    >
      <SystemSvg kind={glyph} full={full} />
    </span>
  );
}
