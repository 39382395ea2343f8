/**
 * The /settings page's eight categories and their sub-items (part 2 §2), and where each sub-item
 * goes. Pure data and one rule, so the page and its tests agree on the routing.
 */
export interface SettingsSubItem {
  key: string;
  label: string;
}

export interface SettingsCategory {
  /** Also the storage folder of its icon: category-icons/settings/{slug}/. */
  slug: string;
  title: string;
  description: string;
  items: readonly SettingsSubItem[];
}

export const SETTINGS_CATEGORIES: readonly SettingsCategory[] = [
  {
    slug: 'general',
    title: 'General',
    description: 'Language, region, defaults and your data.',
    items: [
      { key: 'language', label: 'Language' },
      { key: 'region', label: 'Region & time zone' },
      { key: 'defaults', label: 'Default view' },
      { key: 'data', label: 'Import & export' },
    ],
  },
  {
    slug: 'profile',
    title: 'Profile',
    description: 'Your name, username and e-mail.',
    items: [
      { key: 'name-email', label: 'Name & Email' },
      { key: 'username', label: 'Username' },
      { key: 'profile-photo', label: 'Profile photo' },
    ],
  },
  {
    slug: 'privacy-security',
    title: 'Privacy & Security',
    description: 'Blocked senders, sharing, password and your account.',
    items: [
      { key: 'privacy', label: 'Privacy' },
      { key: 'security', label: 'Security' },
      { key: 'two-factor', label: 'Two-factor authentication' },
    ],
  },
  {
    slug: 'notifications',
    title: 'Notifications',
    description: 'What we tell you and how.',
    items: [
      { key: 'email-notifications', label: 'Email notifications' },
      { key: 'push-notifications', label: 'Push notifications' },
    ],
  },
  {
    slug: 'appearance',
    title: 'Appearance',
    description: 'Theme, accent colour and density.',
    items: [
      { key: 'appearance', label: 'Theme & colours' },
      { key: 'density', label: 'Density' },
    ],
  },
  {
    slug: 'integrations',
    title: 'Integrations',
    description: 'Social accounts and connected apps.',
    items: [
      { key: 'social-sharing', label: 'Social sharing' },
      { key: 'connected-apps', label: 'Connected apps' },
    ],
  },
  {
    slug: 'billing',
    title: 'Billing',
    description: 'Plan and payments.',
    items: [
      { key: 'plan', label: 'Plan' },
      { key: 'payment-methods', label: 'Payment methods' },
      { key: 'invoices', label: 'Invoices' },
    ],
  },
  {
    slug: 'about',
    title: 'About',
    description: 'Help, policies and version.',
    items: [
      { key: 'support', label: 'Support' },
      { key: 'terms', label: 'Terms' },
      { key: 'version', label: 'Version' },
    ],
  },
];

const TARGETS: Record<string, string> = {
  appearance: '/settings/appearance',
  density: '/settings/appearance',
  privacy: '/settings/privacy',
  security: '/settings/privacy',
  'two-factor': '/settings/privacy#two-factor',
  'name-email': '/settings/profile/name-email',
  username: '/settings/profile/name-email',
  support: '/support',
  'social-sharing': '/settings/social-sharing',
  data: '/settings/data',
  language: '/settings/general',
  region: '/settings/general',
  defaults: '/settings/general',
  'connected-apps': '/settings/integrations',
  'email-notifications': '/settings/notifications',
  'push-notifications': '/settings/notifications',
  terms: '/settings/about',
  'profile-photo': '/studio?tab=banner',
  version: '/settings/about',
};

/** Where a sub-item goes, or null for 'Coming soon.' (part 2 §2). */
export function settingsTarget(key: string): string | null {
  return TARGETS[key] ?? null;
}

/** The categories whose title, description or a sub-item matches the filter (case-insensitive). */
export function filterSettingsCategories(query: string, categories: readonly SettingsCategory[] = SETTINGS_CATEGORIES): SettingsCategory[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...categories];
  return categories.filter((c) => [c.title, c.description, ...c.items.map((i) => i.label)].some((text) => text.toLowerCase().includes(q)));
}
