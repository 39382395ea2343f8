import type { ShareFormInput } from '~shared/schemas/share.ts';
import { SOCIAL_PLATFORM_LABELS } from '~shared/constants.ts';

/** 'Link shared' (part 1 §8 success toasts), naming who received it. */
export function linkSharedToast(title: string, form: ShareFormInput): { title: string; description: string } {
  const recipient = form.recipient.trim();
  const who =
    form.shareType === 'username'
      ? `@${recipient.replace(/^@/, '')}`
      : form.shareType === 'social' && form.socialPlatform
        ? `${recipient} on ${SOCIAL_PLATFORM_LABELS[form.socialPlatform]}`
        : recipient;
  return { title: 'Link shared', description: `"${title}" was shared with ${who}.` };
}
