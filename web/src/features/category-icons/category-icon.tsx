import { useState } from 'react';
import { cn } from '~shared/ui/cn.ts';
import { categoryIconSrc } from './gallery.ts';

const SIZES = { sm: 'h-6 w-6', md: 'h-8 w-8', lg: 'h-14 w-14' } as const;

/** A folder's icon: its gallery or uploaded image, else a folder glyph (also when the image fails). */
export function CategoryIcon({ iconUrl, size = 'md', className }: { iconUrl: string | null | undefined; size?: keyof typeof SIZES; className?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = categoryIconSrc(iconUrl);
  if (src && broken !== src) {
    return <img src={src} alt="" loading="lazy" onError={() => setBroken(src)} className={cn(SIZES[size], 'shrink-0 rounded-lg object-cover', className)} />;
  }
  return (
    <span aria-hidden="true" className={cn(SIZES[size], 'flex shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary', className)}>
      <svg viewBox="0 0 24 24" className="h-[62%] w-[62%]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 20h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.7-.9l-.8-1.2A2 2 0 0 0 7.9 3H4a2 2 0 0 0-2 2v13c0 1.1.9 2 2 2Z" />
      </svg>
    </span>
  );
}
