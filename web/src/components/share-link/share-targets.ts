import { DEFAULT_SHARE_MESSAGE, type SocialPlatform } from '~shared/constants.ts';

/**
 * Where phone and social shares go (part 1: "phone opens the SMS composer, social opens the
 * platform's share page, each with the link and message"). Pure, so the URLs are unit-tested.
 */
export interface ShareTarget {
  url: string;
  /** '_self' for the SMS composer (an app hand-off, the page stays), '_blank' for a web share page. */
  target: '_self' | '_blank';
}

const text = (message: string | undefined, url: string) => `${message?.trim() || DEFAULT_SHARE_MESSAGE} ${url}`;

/** sms:{number}?&body=… (the "?&" form is understood by both iOS and Android). */
export function smsShareTarget(phone: string, message: string | undefined, url: string): ShareTarget {
  const number = phone.trim().replace(/[^\d+]/g, '');
  return { url: `sms:${number}?&body=${encodeURIComponent(text(message, url))}`, target: '_self' };
}

/**
 * The platform's own share page with the link and message. Platforms without a web share
 * endpoint for links (Instagram, Snapchat's web, TikTok, YouTube) open the handle's profile or
 * the platform's direct-message page, and the text is copied for pasting (see shareLinkWith).
 */
export function socialShareTarget(platform: SocialPlatform, handle: string, message: string | undefined, url: string): ShareTarget {
  const body = encodeURIComponent(text(message, url));
  const encodedUrl = encodeURIComponent(url);
  const user = encodeURIComponent(handle.trim().replace(/^@/, ''));
  switch (platform) {
    case 'twitter':
      return { url: `https://twitter.com/intent/tweet?text=${body}`, target: '_blank' };
    case 'facebook':
      return {
        url: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}&quote=${encodeURIComponent(message?.trim() || DEFAULT_SHARE_MESSAGE)}`,
        target: '_blank',
      };
    case 'snapchat':
      return { url: `https://www.snapchat.com/scan?attachmentUrl=${encodedUrl}`, target: '_blank' };
    case 'instagram':
      return { url: user ? `https://ig.me/m/${user}` : 'https://www.instagram.com/direct/inbox/', target: '_blank' };
    case 'tiktok':
      return { url: user ? `https://www.tiktok.com/@${user}` : 'https://www.tiktok.com/messages', target: '_blank' };
    case 'youtube':
      return { url: user ? `https://www.youtube.com/@${user}` : 'https://www.youtube.com/', target: '_blank' };
  }
}

/** The text a person pastes where a platform cannot pre-fill it. */
export const shareText = text;

/** Platforms whose page cannot carry the text (it is copied to the clipboard instead). */
export const PLATFORMS_WITHOUT_PREFILL: ReadonlySet<SocialPlatform> = new Set(['instagram', 'tiktok', 'youtube']);
