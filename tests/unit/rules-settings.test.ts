import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_FUNCTIONS, apiCallExample } from '../../shared/rules/api-reference.ts';
import { SETTINGS_CATEGORIES, filterSettingsCategories, settingsTarget } from '../../shared/rules/settings-catalogue.ts';
import { deleteAccountBodySchema } from '../../shared/schemas/delete-account.ts';

describe('settings catalogue (part 2 §2)', () => {
  it('has the eight categories in order', () => {
    expect(SETTINGS_CATEGORIES.map((c) => c.slug)).toEqual([
      'general',
      'profile',
      'privacy-security',
      'notifications',
      'appearance',
      'integrations',
      'billing',
      'about',
    ]);
  });

  it('routes the built sub-items and leaves the rest to "Coming soon."', () => {
    expect(settingsTarget('appearance')).toBe('/settings/appearance');
    expect(settingsTarget('privacy')).toBe('/settings/privacy');
    expect(settingsTarget('security')).toBe('/settings/privacy');
    expect(settingsTarget('name-email')).toBe('/settings/profile/name-email');
    expect(settingsTarget('username')).toBe('/settings/profile/name-email');
    expect(settingsTarget('support')).toBe('/support');
    expect(settingsTarget('social-sharing')).toBe('/settings/social-sharing');
    expect(settingsTarget('data')).toBe('/settings/data');
    for (const key of ['language', 'region', 'defaults']) expect(settingsTarget(key)).toBe('/settings/general');
    expect(settingsTarget('connected-apps')).toBe('/settings/integrations');
    for (const key of ['email-notifications', 'push-notifications']) expect(settingsTarget(key)).toBe('/settings/notifications');
    for (const key of ['terms', 'version']) expect(settingsTarget(key)).toBe('/settings/about');
    expect(settingsTarget('plan')).toBeNull();
    for (const category of SETTINGS_CATEGORIES)
      for (const item of category.items) expect(settingsTarget(item.key) === null || settingsTarget(item.key)!.startsWith('/')).toBe(true);
  });

  it('filters by title, description or sub-item, case-insensitively', () => {
    expect(filterSettingsCategories('').length).toBe(8);
    expect(filterSettingsCategories('THEME').map((c) => c.slug)).toEqual(['appearance']);
    expect(filterSettingsCategories('username').map((c) => c.slug)).toEqual(['profile']);
    expect(filterSettingsCategories('zzz')).toEqual([]);
  });
});

describe('API reference (the View API Docs page)', () => {
  it('documents exactly the functions supabase/config.toml declares, with their verify_jwt', () => {
    const toml = fs.readFileSync(path.resolve(import.meta.dirname, '../../supabase/config.toml'), 'utf8');
    const declared = new Map<string, boolean>();
    for (const match of toml.matchAll(/\[functions\.([a-z0-9-]+)\]\s*\nverify_jwt = (true|false)/g))
      declared.set(match[1], match[2] === 'true');
    expect([...declared.keys()].sort()).toEqual(API_FUNCTIONS.map((f) => f.name).sort());
    // The gateway checks a session or anon JWT; 'none' and personal API tokens are checked by the function.
    for (const doc of API_FUNCTIONS)
      expect(declared.get(doc.name), doc.name).toBe(doc.auth === 'user' || doc.auth === 'anon' || doc.auth === 'service-role');
  });

  it('builds a call example against the project URL', () => {
    const doc = API_FUNCTIONS.find((f) => f.name === 'api-health')!;
    expect(apiCallExample(doc, 'https://x.supabase.co/')).toContain("'https://x.supabase.co/functions/v1/api-health'");
    expect(apiCallExample(doc, 'https://x.supabase.co')).not.toContain('Authorization');
  });
});

describe('delete-account body', () => {
  it('needs DELETE typed and a password', () => {
    expect(deleteAccountBodySchema.safeParse({ confirmation: ' DELETE ', password: 'x' }).success).toBe(true);
    expect(deleteAccountBodySchema.safeParse({ confirmation: 'delete', password: 'x' }).error?.issues[0].message).toBe(
      'Type DELETE to confirm',
    );
    expect(deleteAccountBodySchema.safeParse({ confirmation: 'DELETE', password: '' }).error?.issues[0].message).toBe(
      'Enter your password',
    );
  });
});
