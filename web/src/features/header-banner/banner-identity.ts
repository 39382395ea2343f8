import type { User } from '@supabase/supabase-js';
import type { ProfileRow } from '~shared/data/types.ts';

/** The name shown in the banner: the profile's names, else the sign-up metadata, else the e-mail's local part. */
export function displayName(profile: ProfileRow | null | undefined, user: Pick<User, 'email' | 'user_metadata'>): string {
  const fromProfile = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim();
  if (fromProfile) return fromProfile;
  const meta = (user.user_metadata ?? {}) as { first_name?: unknown; last_name?: unknown };
  const fromMeta = [meta.first_name, meta.last_name]
    .filter((part) => typeof part === 'string' && part)
    .join(' ')
    .trim();
  if (fromMeta) return fromMeta;
  return (user.email ?? '').split('@')[0] ?? '';
}

export function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length >= 2 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** The hidden form of a value: one dot per character, at most 12. */
export function masked(value: string): string {
  return '•'.repeat(Math.min(Math.max(value.length, 6), 12));
}
