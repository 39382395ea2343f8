import { SHORT_TEXT_MAX } from '~shared/schemas/webpage-settings.ts';
import { PublicUrlField } from './public-url-field.tsx';
import type { TabProps } from './tab-props.ts';
import { TextField } from './text-field.tsx';

/** 'Your Webpage Setup': URL name (saved on its own), names and section titles. */
export function SetupTab({
  draft,
  update,
  errors,
  userId,
  currentSlug,
  origin,
}: TabProps & { userId: string; currentSlug: string | null; origin: string }) {
  return (
    <div className="grid gap-5">
      <PublicUrlField userId={userId} currentSlug={currentSlug} origin={origin} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Display name"
          value={draft.public_display_name}
          onChange={(v) => update({ public_display_name: v })}
          max={SHORT_TEXT_MAX}
          error={errors.public_display_name}
          testId="display-name"
        />
        <TextField
          label="Company name"
          value={draft.company_name}
          onChange={(v) => update({ company_name: v })}
          max={SHORT_TEXT_MAX}
          error={errors.company_name}
          testId="company-name"
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Section titles</legend>
        <TextField
          label="Links section title"
          value={draft.links_section_title}
          onChange={(v) => update({ links_section_title: v })}
          max={SHORT_TEXT_MAX}
          error={errors.links_section_title}
          placeholder="Links"
          testId="links-title"
        />
        <TextField
          label="Profile section title"
          value={draft.profile_section_title}
          onChange={(v) => update({ profile_section_title: v })}
          max={SHORT_TEXT_MAX}
          error={errors.profile_section_title}
          placeholder="Profile"
          testId="profile-title"
        />
        <TextField
          label="Bio & Social section title"
          value={draft.bio_social_section_title}
          onChange={(v) => update({ bio_social_section_title: v })}
          max={SHORT_TEXT_MAX}
          error={errors.bio_social_section_title}
          placeholder="Bio & Social"
          testId="bio-social-title"
        />
      </fieldset>
    </div>
  );
}
