import type { FeaturedItem } from '~shared/data/studio/featured.ts';
import { safeHref } from '~shared/rules/url.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { FolderIcon, TrashIcon } from '~shared/ui/icons.tsx';
import { LinkIcon } from '~shared/ui/link-icon.tsx';
import { ImagePicker } from './image-picker.tsx';
import type { TabProps } from './tab-props.ts';

/** Which picture an item uses: its own upload, the link's preview image, or the default (favicon / folder). */
function choiceOf(item: FeaturedItem): 'default' | 'preview' | 'upload' {
  if (!item.image_url) return 'default';
  return item.image_url === item.preview_image_url ? 'preview' : 'upload';
}

function Thumb({ item }: { item: FeaturedItem }) {
  if (item.image_url)
    return <img src={item.image_url} alt="" className="h-14 w-14 rounded-lg border border-border object-cover" data-testid="icon-thumb" />;
  if (item.category_id)
    return (
      <span className="flex h-14 w-14 items-center justify-center rounded-lg bg-primary/10 text-primary" data-testid="icon-thumb">
        <FolderIcon size={22} />
      </span>
    );
  return <LinkIcon iconUrl={null} faviconUrl={item.favicon_url} url={item.url ?? ''} title={item.name} className="h-14 w-14" />;
}

/**
 * 'Icons & Thumbnails': the picture each featured item shows on the page. The default is the
 * link's favicon (a folder's mark for folders); a link may use its preview image; any item may use
 * an uploaded image (raster, ≤ 5 MB, stored with the message images).
 */
export function IconsTab({ draft, update, track }: TabProps) {
  const patch = (index: number, image_url: string | null) =>
    update((d) => ({ featured: d.featured.map((item, i) => (i === index ? { ...item, image_url } : item)) }));

  if (draft.featured.length === 0)
    return (
      <div className="py-10 text-center text-sm text-muted-foreground" data-testid="icons-empty">
        <p className="font-medium text-foreground">No featured links yet</p>
        <p className="mt-1">Add links on the Featured Links tab, then choose their icons and thumbnails here.</p>
      </div>
    );

  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="icons-list">
      {draft.featured.map((item, index) => {
        const choice = choiceOf(item);
        const preview = safeHref(item.preview_image_url);
        const title = item.custom_title?.trim() || item.name;
        const option = (active: boolean) => cn(active && 'border-primary bg-primary/10 text-foreground');
        return (
          <li key={item.link_id ?? item.category_id} className="flex gap-3 rounded-lg border border-border p-3" data-testid="icons-row">
            <Thumb item={item} />
            <div className="grid min-w-0 flex-1 content-start gap-2">
              <p className="truncate text-sm font-medium">{title}</p>
              <div className="flex flex-wrap gap-1.5">
                <Button variant="outline" size="sm" className={option(choice === 'default')} onClick={() => patch(index, null)}>
                  {item.category_id ? 'Folder icon' : 'Favicon'}
                </Button>
                {preview && !item.category_id ? (
                  <Button variant="outline" size="sm" className={option(choice === 'preview')} onClick={() => patch(index, preview)}>
                    Preview image
                  </Button>
                ) : null}
                <ImagePicker
                  kind="message-image"
                  label={choice === 'upload' ? 'Replace image' : 'Upload image'}
                  testId={`icon-upload-${index}`}
                  onUploaded={(file) => {
                    track('message-image', file.publicUrl);
                    update((d) => ({
                      featured: d.featured.map((it) =>
                        (it.link_id ?? it.category_id) === (item.link_id ?? item.category_id) ? { ...it, image_url: file.publicUrl } : it,
                      ),
                    }));
                  }}
                />
                {choice === 'upload' ? (
                  <Button variant="ghost" size="sm" onClick={() => patch(index, null)} aria-label={`Remove the image of ${title}`}>
                    <TrashIcon size={14} />
                  </Button>
                ) : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
