import { describe, expect, it } from 'vitest';
import * as C from '../../shared/constants.ts';
import * as M from '../../shared/messages.ts';

describe('constants (spec §9)', () => {
  it('brand and fixed names', () => {
    expect(C.BRAND_NAME).toBe('LinkVault');
    expect(C.LANDING_PAGE_TITLE).toBe('LinkVault — Save and share your favorite links');
    expect(C.DEFAULT_CATEGORY_NAME).toBe('Recently Saved Links');
    expect(C.INCOMING_CATEGORY_NAMES).toEqual([
      'Recently Received Links (Incoming)',
      'Recently Received Links (Instagram)',
      'Recently Received Links (TikTok)',
    ]);
    expect(C.OUTGOING_SECTION_NAME).toBe('Recently Shared Links (Outgoing)');
    expect(C.DEFAULT_MESSAGE_TITLES).toEqual(Array.from({ length: 7 }, (_, i) => `Message Box ${i + 1}`));
  });

  it('limits and timings', () => {
    expect([C.PASSWORD_MIN_LENGTH, C.SECURE_RESET_MIN_CHARACTER_CLASSES, C.PASSWORD_HISTORY_SIZE]).toEqual([12, 3, 5]);
    expect(C.MAX_UPLOAD_BYTES).toBe(5 * 1024 * 1024);
    expect(C.ICON_GALLERY).toHaveLength(11);
    expect([C.USERNAME_SUGGESTION_MIN_CHARS, C.USERNAME_SUGGESTION_LIMIT, C.USERNAME_SUGGESTION_DEBOUNCE_MS]).toEqual([2, 5, 300]);
    expect([C.USERNAME_CHECK_DEBOUNCE_MS, C.SLUG_CHECK_DEBOUNCE_MS, C.INCOMING_REFRESH_MS]).toEqual([500, 400, 30_000]);
    expect([C.REORDER_OFFSET_MS, C.SHARE_SAVE_REDIRECT_MS, C.SCROLL_AREA_HIDE_DELAY_MS]).toEqual([60_000, 1_500, 600]);
    expect([C.EMAIL_CODE_LENGTH, C.EMAIL_CODE_EXPIRY_MINUTES, C.EMAIL_CODES_PER_HOUR, C.PHONE_MIN_DIGITS]).toEqual([6, 5, 3, 7]);
    expect([C.MESSAGE_BOX_COUNT, C.MESSAGE_BOX_TITLE_MAX, C.MESSAGE_BOX_TEXT_MAX, C.MESSAGE_IMAGES_MAX, C.BANNER_MESSAGE_MAX]).toEqual([
      7, 60, 255, 6, 120,
    ]);
    expect([C.AI_MODEL, C.AI_MAX_COMPLETION_TOKENS, C.AI_CONTEXT_LINK_LIMIT]).toEqual(['gpt-4o-mini', 1500, 10]);
    expect(C.OUTLINE_COLOR_PRESETS).toHaveLength(10);
    expect(C.OUTLINE_COLOR_PRESETS[0]).toBe(C.DEFAULT_ICON_OUTLINE_COLOR);
  });

  it('storage buckets and appearance defaults', () => {
    expect(Object.values(C.STORAGE_BUCKETS).sort()).toEqual([
      'banner-backgrounds',
      'category-icons',
      'link-icons',
      'main-photos',
      'message-images',
    ]);
    expect([C.DEFAULT_THEME, C.DEFAULT_DENSITY, C.DEFAULT_ACCENT_HSL]).toEqual(['dark', 'comfortable', '222.2 47.4% 11.2%']);
    expect(C.ACCENT_PRESETS.map((p) => `${p.name} ${p.hex}`)).toEqual([
      'Blue #3b82f6',
      'Emerald #10b981',
      'Violet #8b5cf6',
      'Pink #ec4899',
    ]);
    expect(C.SOCIAL_PLATFORM_LABELS.twitter).toBe('X (Twitter)');
  });
});

describe('messages catalogue', () => {
  it('fills placeholders', () => {
    expect(M.linkUpdatedExisting('Docs')).toEqual({ title: 'Link updated', description: 'Updated existing link "Docs" with new details.' });
    expect(M.linkMovedMessage('left')).toEqual({ title: 'Success', description: 'Link moved left successfully!' });
    expect(M.deleteLinkConfirmText('Docs')).toBe('Are you sure you want to delete "Docs"? This action cannot be undone.');
    expect(M.visibilityUpdatedMessage('Email', false)).toEqual({ title: 'Updated', description: 'Email is now hidden.' });
    expect(M.shareDialogTitle('Docs')).toBe('Share Link: Docs');
    expect(M.LINK_MESSAGES.defaultCategoryMissing.description).toBe("Default category 'Recently Saved Links' not found.");
  });

  it('re-exports the rule texts', () => {
    expect(M.ALREADY_SHARED_MESSAGE).toBe('This link has already been shared with this recipient.');
    expect(M.SECURE_RESET_ERROR_TITLE).toBe('Password Update Failed');
    expect(M.DEFAULT_SHARE_MESSAGE).toBe('Your friend on LinkVault shared this with you!');
  });

  it('every text is a non-empty string without a stray placeholder', () => {
    const texts: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    Object.values(M)
      .filter((v) => typeof v !== 'function')
      .forEach(walk);
    expect(texts.length).toBeGreaterThan(80);
    for (const text of texts) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/\{(product|brand|title)\}/);
    }
  });
});
