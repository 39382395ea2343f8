/**
 * General settings (user_preferences): the choices and what a user without a row gets. Plain data
 * (no zod), so the screens that apply them load no schema code.
 */

/** How clicking a link's address opens it. */
export const OPEN_LINKS = ['new_tab', 'same_tab'] as const;
export type OpenLinks = (typeof OPEN_LINKS)[number];

/** The page after sign-in: the dashboard, or one chosen folder. */
export const START_PAGES = ['dashboard', 'folder'] as const;
export type StartPage = (typeof START_PAGES)[number];

export interface Preferences {
  /** New saves without a chosen folder go here; null = 'Recently Saved Links'. */
  default_category_id: string | null;
  open_links: OpenLinks;
  confirm_delete: boolean;
  start_page: StartPage;
  start_category_id: string | null;
}

export const DEFAULT_PREFERENCES: Preferences = {
  default_category_id: null,
  open_links: 'new_tab',
  confirm_delete: true,
  start_page: 'dashboard',
  start_category_id: null,
};
