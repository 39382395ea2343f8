/**
 * Which tab /auth opens on: `?tab=signup` (the extension's 'Create an account'), `?tab=reset`
 * ('Forgot password?'), else Sign In. One rule for the page and the links that open it.
 */
export const AUTH_TABS = ['signin', 'signup', 'reset'] as const;
export type AuthTabName = (typeof AUTH_TABS)[number];
const AUTH_TAB_PARAM = 'tab';

export function authTabFromSearch(search: string): AuthTabName {
  const value = new URLSearchParams(search).get(AUTH_TAB_PARAM);
  return (AUTH_TABS as readonly string[]).includes(value ?? '') ? (value as AuthTabName) : 'signin';
}

/** The /auth path that opens on `tab`. */
export function authTabPath(tab: AuthTabName): `/auth${string}` {
  return tab === 'signin' ? '/auth' : `/auth?${AUTH_TAB_PARAM}=${tab}`;
}
