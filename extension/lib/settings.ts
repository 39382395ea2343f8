import { normalizeUrl } from '~shared/rules/url.ts';
import { BUILD_DEFAULTS } from './build-env.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { readKey, type StorageArea } from './storage-area.ts';

/** Where the extension talks to: a Supabase project (API URL + anon key) and its web dashboard. */
export interface ExtensionSettings {
  apiUrl: string;
  anonKey: string;
  dashboardUrl: string;
}

export type SettingsErrors = Partial<Record<keyof ExtensionSettings, string>>;

const trimSlashes = (value: string) => value.replace(/\/+$/, '');

/** The stored settings, each missing field falling back to what the extension was built with. */
export async function loadSettings(area: StorageArea, defaults: ExtensionSettings = BUILD_DEFAULTS): Promise<ExtensionSettings> {
  const stored = (await readKey<Partial<ExtensionSettings>>(area, STORAGE_KEYS.settings)) ?? {};
  return {
    apiUrl: stored.apiUrl || defaults.apiUrl,
    anonKey: stored.anonKey || defaults.anonKey,
    dashboardUrl: stored.dashboardUrl || defaults.dashboardUrl,
  };
}

/** An absolute http(s) URL with a scheme the user typed (an API URL must not silently become https). */
function parseServiceUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  const normalized = normalizeUrl(trimmed);
  return normalized ? trimSlashes(normalized) : null;
}

/** Checks the options form; returns the cleaned settings or the field errors. */
export function validateSettings(
  input: ExtensionSettings,
): { ok: true; settings: ExtensionSettings } | { ok: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const apiUrl = parseServiceUrl(input.apiUrl);
  if (!apiUrl) errors.apiUrl = 'Enter the API URL, e.g. https://your-project.supabase.co';
  const anonKey = input.anonKey.trim();
  if (!anonKey) errors.anonKey = 'Enter the anon (public) key';
  else if (!/^[A-Za-z0-9_.-]+$/.test(anonKey)) errors.anonKey = 'The anon key has unexpected characters';
  const dashboardUrl = parseServiceUrl(input.dashboardUrl);
  if (!dashboardUrl) errors.dashboardUrl = 'Enter the dashboard URL, e.g. https://links.example.com';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, settings: { apiUrl: apiUrl!, anonKey, dashboardUrl: dashboardUrl! } };
}

/**
 * Saves the settings. Moving to another API (or key) signs the user out: a session belongs to the
 * project that issued it, and sending its token to another server would leak it.
 */
export async function saveSettings(
  area: StorageArea,
  next: ExtensionSettings,
  defaults: ExtensionSettings = BUILD_DEFAULTS,
): Promise<{ signedOut: boolean }> {
  const current = await loadSettings(area, defaults);
  const projectChanged = current.apiUrl !== next.apiUrl || current.anonKey !== next.anonKey;
  await area.set({ [STORAGE_KEYS.settings]: next });
  if (projectChanged) {
    await area.remove([STORAGE_KEYS.session, STORAGE_KEYS.categoriesCache, STORAGE_KEYS.badgeCount, STORAGE_KEYS.linksCache]);
  }
  return { signedOut: projectChanged };
}

/** Back to the build's values (same sign-out rule as {@link saveSettings}). */
export async function resetSettings(area: StorageArea, defaults: ExtensionSettings = BUILD_DEFAULTS): Promise<{ signedOut: boolean }> {
  const result = await saveSettings(area, defaults, defaults);
  await area.remove(STORAGE_KEYS.settings);
  return result;
}

/** The dashboard's /dashboard page (and /auth for signing up). */
export function dashboardPage(
  settings: Pick<ExtensionSettings, 'dashboardUrl'>,
  path: '/dashboard' | `/auth${string}` = '/dashboard',
): string {
  return `${trimSlashes(settings.dashboardUrl)}${path}`;
}
