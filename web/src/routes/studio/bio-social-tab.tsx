import { MESSAGE_BOX_TEXT_MAX, MESSAGE_BOX_TITLE_MAX, MESSAGE_IMAGES_MAX } from '~shared/constants.ts';
import { BIO_MAX, HANDLE_MAX } from '~shared/schemas/webpage-settings.ts';
import { Button } from '~shared/ui/button.tsx';
import { TrashIcon } from '~shared/ui/icons.tsx';
import { ImagePicker } from './image-picker.tsx';
import { messageImageUrl } from './studio-image-url.ts';
import type { TabProps } from './tab-props.ts';
import { TextField } from './text-field.tsx';

/** 'Bio & Social': bio and links, the 7 message boxes and up to 6 message images. */
export function BioSocialTab({ draft, update, errors, track }: TabProps) {
  const setAt = (key: 'message_boxes' | 'message_titles', index: number, value: string) =>
    update((d) => ({ [key]: d[key].map((v, i) => (i === index ? value : v)) }));
  const full = draft.message_image_paths.length >= MESSAGE_IMAGES_MAX;
  return (
    <div className="grid gap-6">
      <TextField
        label="Bio"
        value={draft.bio}
        onChange={(v) => update({ bio: v })}
        max={BIO_MAX}
        multiline
        error={errors.bio}
        testId="bio"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Website"
          type="url"
          value={draft.website_url}
          onChange={(v) => update({ website_url: v })}
          error={errors.website_url}
          placeholder="https://example.com"
          testId="website"
        />
        <TextField
          label="X/Twitter"
          value={draft.twitter_handle}
          onChange={(v) => update({ twitter_handle: v })}
          max={HANDLE_MAX}
          error={errors.twitter_handle}
          placeholder="@handle"
          testId="twitter"
        />
        <TextField
          label="Instagram"
          value={draft.instagram_handle}
          onChange={(v) => update({ instagram_handle: v })}
          max={HANDLE_MAX}
          error={errors.instagram_handle}
          placeholder="@handle"
          testId="instagram"
        />
        <TextField
          label="LinkedIn"
          type="url"
          value={draft.linkedin_url}
          onChange={(v) => update({ linkedin_url: v })}
          error={errors.linkedin_url}
          placeholder="https://www.linkedin.com/in/you"
          testId="linkedin"
        />
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">Message boxes</legend>
        <div className="grid gap-4 lg:grid-cols-2">
          {draft.message_boxes.map((text, i) => (
            <div key={i} className="grid gap-2 rounded-lg border border-border p-3" data-testid={`message-box-${i + 1}`}>
              <TextField
                label={`Message box ${i + 1} title`}
                value={draft.message_titles[i]}
                onChange={(v) => setAt('message_titles', i, v)}
                max={MESSAGE_BOX_TITLE_MAX}
                error={errors[`message_titles.${i}`]}
                testId={`message-title-${i + 1}`}
              />
              <TextField
                label={`Message box ${i + 1} text`}
                value={text}
                onChange={(v) => setAt('message_boxes', i, v)}
                max={MESSAGE_BOX_TEXT_MAX}
                multiline
                error={errors[`message_boxes.${i}`]}
                testId={`message-text-${i + 1}`}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">
          Message images ({draft.message_image_paths.length}/{MESSAGE_IMAGES_MAX})
        </legend>
        {draft.message_image_paths.length ? (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6" data-testid="message-image-list">
            {draft.message_image_paths.map((path, i) => (
              <li key={path} className="relative">
                <img
                  src={messageImageUrl(path)}
                  alt={`${i + 1} of ${draft.message_image_paths.length}`}
                  className="aspect-square w-full rounded-lg object-cover"
                />
                <Button
                  variant="destructive"
                  size="icon"
                  className="absolute top-1 right-1 h-7 w-7"
                  aria-label={`Remove message image ${i + 1}`}
                  onClick={() => update({ message_image_paths: draft.message_image_paths.filter((p) => p !== path) })}
                >
                  <TrashIcon size={14} />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <ImagePicker
            kind="message-image"
            label={full ? 'Message images full' : 'Add message image'}
            testId="message-image-upload"
            disabled={full}
            onUploaded={(file) => {
              track('message-image', file.path);
              update((d) => ({ message_image_paths: [...d.message_image_paths, file.path].slice(0, MESSAGE_IMAGES_MAX) }));
            }}
          />
        </div>
        {errors.message_image_paths ? <p className="text-xs font-medium text-destructive">{errors.message_image_paths}</p> : null}
      </fieldset>
    </div>
  );
}
