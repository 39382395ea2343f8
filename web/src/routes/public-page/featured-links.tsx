import { useMemo } from 'react';
import { countFeaturedOpen } from '~shared/data/studio/public-page.ts';
import { featuredItemsOf, type FeaturedLinkEntry } from '~shared/rules/featured-links.ts';
import { REST_ENDPOINT } from './use-public-page.ts';

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;

/** The icon of a featured button: the owner's image, else the site's favicon (our stored copy), else a letter. */
function ItemIcon({ image, favicon, title, size }: { image: string | null; favicon: string | null; title: string; size: number }) {
  const src = image ?? favicon;
  if (src)
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={`shrink-0 rounded-lg bg-[var(--pp-bg)] ${image ? 'object-cover' : 'object-contain p-1'}`}
        style={{ width: size, height: size }}
        data-icon={image ? 'image' : 'favicon'}
      />
    );
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-lg bg-[var(--pp-accent)] font-semibold text-[var(--pp-on-accent)]"
      style={{ width: size, height: size }}
      data-icon="letter"
    >
      {(title.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

const hostOf = (href: string) => new URL(href).hostname.replace(/^www\./, '');

function LinkButton({
  entry,
  title,
  image,
  onOpen,
  testId,
}: {
  entry: FeaturedLinkEntry;
  title: string;
  image: string | null;
  onOpen: () => void;
  testId: string;
}) {
  return (
    <a
      href={entry.href}
      {...EXTERNAL}
      onClick={onOpen}
      onAuxClick={(e) => e.button === 1 && onOpen()}
      className="group flex min-h-14 items-center gap-3 rounded-xl border border-[var(--pp-border)] bg-[var(--pp-bg)] px-3 py-2.5 transition-[transform,border-color] hover:-translate-y-px hover:border-[var(--pp-accent)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--pp-accent)]"
      data-testid={testId}
    >
      <ItemIcon image={image} favicon={entry.favicon} title={title} size={40} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{title}</span>
        <span className="block truncate text-xs text-[var(--pp-muted)]">{hostOf(entry.href)}</span>
      </span>
      <svg
        width={16}
        height={16}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
        className="shrink-0 text-[var(--pp-muted)] group-hover:text-[var(--pp-accent)]"
      >
        <path d="M7 17 17 7M8 7h9v9" />
      </svg>
    </a>
  );
}

/**
 * The links section's featured items (Linktree-style buttons, plain markup), a chunk of its own
 * that imports nothing at runtime: /{slug}'s JS is budgeted and pages without featured links never
 * load it. A folder is a titled group of its links; opening any of them counts for the folder.
 */
/** The page's featured section; `rows`: get_public_page_links' answer, read here so /{slug}'s first chunk need not carry the reader. */
export function FeaturedLinks({ rows, onOpen }: { rows: readonly unknown[]; onOpen: (itemId: string) => void }) {
  const items = useMemo(() => featuredItemsOf(rows), [rows]);
  return (
    <ol className="flex flex-col gap-2.5" data-testid="featured-links">
      {items.map((item) =>
        item.kind === 'link' && item.link ? (
          <li key={item.id} data-testid="featured-item">
            <LinkButton entry={item.link} title={item.title} image={item.image} onOpen={() => onOpen(item.id)} testId="featured-link" />
          </li>
        ) : (
          <li key={item.id} data-testid="featured-item">
            <details className="rounded-xl border border-[var(--pp-border)] bg-[var(--pp-bg)] open:pb-2" data-testid="featured-folder">
              <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 px-3 py-2.5 focus-visible:outline-2 focus-visible:outline-[var(--pp-accent)] [&::-webkit-details-marker]:hidden">
                <ItemIcon image={item.image} favicon={null} title={item.title} size={40} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{item.title}</span>
                  <span className="block text-xs text-[var(--pp-muted)]">
                    {item.links.length} {item.links.length === 1 ? 'link' : 'links'}
                  </span>
                </span>
                <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </summary>
              <ul className="flex flex-col gap-2 px-2">
                {item.links.map((entry, i) => (
                  <li key={`${entry.href}-${i}`}>
                    <LinkButton
                      entry={entry}
                      title={entry.title}
                      image={null}
                      onOpen={() => onOpen(item.id)}
                      testId="featured-folder-link"
                    />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ),
      )}
    </ol>
  );
}

/**
 * Counts a visitor's open of a featured item for the owner, once per item per browser session (a
 * reload or a second click is not a second visitor); best effort, never in the way of the click.
 */
export function recordFeaturedOpen(itemId: string, token: string | null): void {
  const key = `linkvault:featured-open:${itemId}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage off (private mode): count anyway; the server paces each item.
  }
  countFeaturedOpen(REST_ENDPOINT, itemId, token).catch((error: unknown) => console.warn('open not counted', error));
}
