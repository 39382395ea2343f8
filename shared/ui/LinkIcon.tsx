import { useState } from 'react';
import { displayHost, safeHref } from '../rules/url.ts';
import { cn } from './cn.ts';

/** A link's icon: the uploaded image (http(s) only), else the host's first letter. */
export function LinkIcon({ iconUrl, url, title, className }: { iconUrl: string | null; url: string; title: string; className?: string }) {
  const [broken, setBroken] = useState(false);
  const src = safeHref(iconUrl);
  const letter = (title.trim()[0] ?? displayHost(url)[0] ?? '?').toUpperCase();
  return src && !broken ? (
    <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} className={cn('h-10 w-10 rounded-md object-cover', className)} />
  ) : (
    <span aria-hidden="true" className={cn('flex h-10 w-10 items-center justify-center rounded-md bg-primary/10 text-base font-semibold text-primary', className)}>
      {letter}
    </span>
  );
}
