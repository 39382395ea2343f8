import { useState } from 'react';
import { cn } from '~shared/ui/cn.ts';
import { FolderIcon } from '~shared/ui/icons.tsx';
import { categoryIconSrc } from './gallery.ts';

const SIZES = { sm: 'h-6 w-6', md: 'h-8 w-8', lg: 'h-14 w-14' } as const;

/** A folder's icon: its gallery or uploaded image, else a folder glyph (also when the image fails). */
export function CategoryIcon({
  iconUrl,
  size = 'md',
  className,
}: {
  iconUrl: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = categoryIconSrc(iconUrl);
  if (src && broken !== src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setBroken(src)}
        className={cn(SIZES[size], 'shrink-0 rounded-lg object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(SIZES[size], 'flex shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary', className)}
    >
      <FolderIcon className="h-[62%] w-[62%]" />
    </span>
  );
}
