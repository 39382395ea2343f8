import { BANNER_MESSAGE_MAX, MAIN_PHOTO_SIZES, type MainPhotoSize } from '~shared/constants.ts';
import { safeHref } from '~shared/rules/url.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { TrashIcon } from '~shared/ui/icons.tsx';
import { ImagePicker } from './image-picker.tsx';
import { mainPhotoUrl } from './studio-image-url.ts';
import type { TabProps } from './tab-props.ts';
import { TextField } from './text-field.tsx';

const SIZE_LABELS: Record<MainPhotoSize, string> = { 'x-large': 'X-Large', large: 'Large', medium: 'Medium', small: 'Small', none: 'None' };

/** 'Banner & Avatar': banner message and background, main photo and its size. */
export function BannerTab({ draft, update, errors, track }: TabProps) {
  const banner = safeHref(draft.banner_background_url);
  return (
    <div className="grid gap-6">
      <TextField
        label="Banner message"
        value={draft.banner_message}
        onChange={(v) => update({ banner_message: v })}
        max={BANNER_MESSAGE_MAX}
        error={errors.banner_message}
        placeholder="Welcome to my page."
        testId="banner-message"
      />
      <div className="grid gap-2">
        <span className="text-sm font-medium">Banner background</span>
        <div className="relative flex h-28 items-center justify-center overflow-hidden rounded-lg border border-dashed border-input bg-muted/40 text-sm text-muted-foreground">
          {banner ? (
            <img
              src={banner}
              alt="Banner background"
              className="absolute inset-0 h-full w-full object-cover"
              data-testid="banner-preview"
            />
          ) : (
            'No banner background'
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <ImagePicker
            kind="banner"
            label="Upload banner background"
            testId="banner-upload"
            onUploaded={(file) => {
              track('banner', file.publicUrl);
              update({ banner_background_url: file.publicUrl });
            }}
          />
          {banner ? (
            <Button variant="ghost" size="sm" onClick={() => update({ banner_background_url: null })}>
              <TrashIcon size={14} /> Remove banner
            </Button>
          ) : null}
        </div>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Main photo</span>
        <div className="flex flex-wrap items-start gap-4">
          <div className="flex h-28 w-28 items-center justify-center overflow-hidden rounded-xl border border-dashed border-input bg-muted/40 text-xs text-muted-foreground">
            {draft.main_photo_path ? (
              <img
                src={mainPhotoUrl(draft.main_photo_path)}
                alt="Your upload"
                className="h-full w-full object-cover"
                data-testid="main-photo-preview"
              />
            ) : (
              'No photo'
            )}
          </div>
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <ImagePicker
                kind="main-photo"
                label="Upload main photo"
                testId="main-photo-upload"
                onUploaded={(file) => {
                  track('main-photo', file.path);
                  update({ main_photo_path: file.path });
                }}
              />
              {draft.main_photo_path ? (
                <Button variant="ghost" size="sm" onClick={() => update({ main_photo_path: null })}>
                  <TrashIcon size={14} /> Remove photo
                </Button>
              ) : null}
            </div>
            <label className="grid gap-1 text-sm">
              <span className="font-medium">Photo size</span>
              <select
                className={CONTROL_CLASS}
                value={draft.main_photo_size}
                onChange={(e) => update({ main_photo_size: e.target.value as MainPhotoSize })}
                data-testid="photo-size"
              >
                {MAIN_PHOTO_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {SIZE_LABELS[size]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
      </div>
    </div>
  );
}
