import { BRAND_NAME } from '~shared/constants.ts';
import { env } from './env.ts';

/** The product name in e-mails: BRAND_NAME env when set, else the shared constant. */
export function brandName(): string {
  return env('BRAND_NAME') ?? BRAND_NAME;
}

/** The web app's base URL (links in e-mails): SITE_URL env, no trailing slash. */
export function siteUrl(): string | undefined {
  return env('SITE_URL')?.replace(/\/+$/, '');
}
