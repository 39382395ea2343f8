import { describe, expect, it } from 'vitest';
import { canEditLinksIn } from '../../web/src/features/folders/folder-kind.ts';

const folder = (over: Partial<Parameters<typeof canEditLinksIn>[0]> = {}) => ({
  is_template: false,
  system_key: null,
  is_default: false,
  name: 'Recipes',
  parent_category_id: null,
  ...over,
});

describe('canEditLinksIn (template folders)', () => {
  it('template links: admins edit, everyone else reads', () => {
    expect(canEditLinksIn(folder({ is_template: true }), true)).toBe(true);
    expect(canEditLinksIn(folder({ is_template: true }), false)).toBe(false);
    expect(canEditLinksIn(folder({ is_template: true }))).toBe(false);
  });

  it('own folders as before: regular folders yes, the incoming tree no, admin or not', () => {
    expect(canEditLinksIn(folder())).toBe(true);
    for (const isAdmin of [false, true]) {
      expect(canEditLinksIn(folder({ system_key: 'incoming', is_default: true }), isAdmin)).toBe(false);
      expect(canEditLinksIn(folder({ system_key: 'rejected', is_default: true }), isAdmin)).toBe(false);
    }
  });
});
