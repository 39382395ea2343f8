import { useState } from 'react';
import { displayHost, safeHref } from '../rules/url.ts';
import { cn } from './cn.ts';

/**
 * A link's icon: the uploaded image (http(s) only), else the fetched favicon (our stored copy,
 * never the site's URL: the site may be slow, gone or tracking), else the host's first letter. Not loading="lazy": every grid that
 * shows link icons is virtualised (only cards near the viewport exist), and a lazy image waits for
 * an intersection check after layout, a frame or more, before it is even requested.
 */
export function LinkIcon({
  iconUrl,
  faviconUrl,
  url,
  title,
  className,
}: {
  iconUrl: string | null;
  faviconUrl?: string | null;
  url: string;
  title: string;
  className?: string;
}) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const uploaded = safeHref(iconUrl);
  const favicon = safeHref(faviconUrl);
  // An uploaded icon wins; a broken one falls back to the favicon, then the letter.
  const src = [uploaded, favicon].find((candidate): candidate is string => Boolean(candidate) && !broken.has(candidate as string));
  const letter = (title.trim()[0] ?? displayHost(url)[0] ?? '?').toUpperCase();
  if (src) {
    const isFavicon = src === favicon && src !== uploaded;
    return (
      // Keyed by its source: a card that shows another link never shows the previous link's picture
      // while the new one loads (a letter icon is simply updated).
      <img
        key={src}
        src={src}
        alt=""
        data-icon={isFavicon ? 'favicon' : 'uploaded'}
        onError={() => setBroken((prev) => new Set(prev).add(src))}
        className={cn('h-10 w-10 rounded-md', isFavicon ? 'bg-muted object-contain p-1.5' : 'object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-icon="letter"
      className={cn('flex h-10 w-10 items-center justify-center rounded-md bg-primary/10 text-base font-semibold text-primary', className)}
    >
      {letter}
    </span>
  );
}
