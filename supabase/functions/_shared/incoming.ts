import type { SupabaseClient } from '@supabase/supabase-js';
import {
  INCOMING_CATEGORY_NAME,
  INCOMING_INSTAGRAM_CATEGORY_NAME,
  INCOMING_TIKTOK_CATEGORY_NAME,
  type IncomingSource,
} from '~shared/constants.ts';

/** The incoming folder for each source; the Instagram and TikTok ones are created on first use. */
const INCOMING_FOLDERS: Record<IncomingSource, { name: string; displayOrder: number }> = {
  generic: { name: INCOMING_CATEGORY_NAME, displayOrder: 1 },
  instagram: { name: INCOMING_INSTAGRAM_CATEGORY_NAME, displayOrder: 2 },
  tiktok: { name: INCOMING_TIKTOK_CATEGORY_NAME, displayOrder: 3 },
};

const SOURCE_HOSTS: [IncomingSource, RegExp][] = [
  ['tiktok', /(^|\.)tiktok\.com$/],
  ['instagram', /(^|\.)(instagram\.com|instagr\.am)$/],
];

/** The source a URL comes from, by its host (for callers that do not say). */
export function sourceOfUrl(url: string): IncomingSource {
  const host = new URL(url).hostname.toLowerCase();
  return SOURCE_HOSTS.find(([, re]) => re.test(host))?.[0] ?? 'generic';
}

/** A readable title for a bare URL: host and path, shortened. */
function titleForUrl(url: string): string {
  const u = new URL(url);
  const title = `${u.hostname.replace(/^www\./, '')}${u.pathname === '/' ? '' : u.pathname}`;
  return title.length > 120 ? `${title.slice(0, 117)}...` : title;
}

/**
 * The default folder of the user's General settings (user_preferences), when it is still one of
 * their own folders; null otherwise. A generic share-in goes there instead of the incoming folder;
 * Instagram and TikTok ones keep their own folders (the spec's labels name them).
 */
async function preferredFolder(admin: SupabaseClient, userId: string): Promise<{ id: string; name: string } | null> {
  const { data: prefs } = await admin.from('user_preferences').select('default_category_id').eq('user_id', userId).maybeSingle();
  const folderId = (prefs as { default_category_id: string | null } | null)?.default_category_id;
  if (!folderId) return null;
  const { data } = await admin
    .from('categories')
    .select('id, name')
    .eq('id', folderId)
    .eq('user_id', userId)
    .eq('is_template', false)
    .maybeSingle();
  return (data as { id: string; name: string } | null) ?? null;
}

async function incomingFolderId(admin: SupabaseClient, userId: string, source: IncomingSource): Promise<{ id: string; name: string }> {
  if (source === 'generic') {
    const preferred = await preferredFolder(admin, userId);
    if (preferred) return preferred;
  }
  const { name, displayOrder } = INCOMING_FOLDERS[source];
  const find = async () => {
    // The generic folder is a system folder made at sign-up (system_key 'incoming'); match it by key first.
    if (source === 'generic') {
      const { data } = await admin.from('categories').select('id, name').eq('user_id', userId).eq('system_key', 'incoming').maybeSingle();
      if (data) return data as { id: string; name: string };
    }
    const { data, error } = await admin
      .from('categories')
      .select('id, name')
      .eq('user_id', userId)
      .eq('name', name)
      .is('parent_category_id', null)
      .limit(1);
    if (error) throw new Error(`cannot read folders: ${error.message}`);
    return (data?.[0] as { id: string; name: string } | undefined) ?? null;
  };
  const existing = await find();
  if (existing) return existing;
  const { data, error } = await admin
    .from('categories')
    .insert({
      user_id: userId,
      name,
      is_default: true,
      display_order: displayOrder,
      ...(source === 'generic' ? { system_key: 'incoming' } : {}),
    })
    .select('id, name')
    .single();
  if (data) return data as { id: string; name: string };
  // Two saves at once may both create it: the loser reads the winner's row.
  if (error?.code === '23505') {
    const again = await find();
    if (again) return again;
  }
  throw new Error(`cannot create folder ${name}: ${error?.message}`);
}

export interface IncomingSave {
  url: string;
  source: IncomingSource;
  title?: string;
  description?: string | null;
}

export interface SavedIncoming {
  link: { id: string; title: string; url: string; category_id: string };
  folder: string;
  updated: boolean;
}

/** Saves the URL into the user's incoming folder for its source; the same URL there is updated, not duplicated. */
export async function saveIncomingLink(admin: SupabaseClient, userId: string, save: IncomingSave): Promise<SavedIncoming> {
  const folder = await incomingFolderId(admin, userId, save.source);
  const title = save.title?.trim() || titleForUrl(save.url);
  const nowIso = new Date().toISOString();
  const { data: existing, error: findError } = await admin
    .from('links')
    .select('id')
    .eq('user_id', userId)
    .eq('url', save.url)
    .or(`category_id.eq.${folder.id},second_category_id.eq.${folder.id}`)
    .limit(1);
  if (findError) throw new Error(`cannot look for the link: ${findError.message}`);
  const columns = 'id, title, url, category_id';
  if (existing?.length) {
    const patch: Record<string, unknown> = { updated_at: nowIso };
    if (save.title?.trim()) patch.title = title;
    if (save.description) patch.description = save.description;
    const { data, error } = await admin.from('links').update(patch).eq('id', existing[0].id).select(columns).single();
    if (error) throw new Error(`cannot update the link: ${error.message}`);
    return { link: data as SavedIncoming['link'], folder: folder.name, updated: true };
  }
  const { data, error } = await admin
    .from('links')
    .insert({ user_id: userId, title, url: save.url, description: save.description ?? null, category_id: folder.id })
    .select(columns)
    .single();
  if (error) throw new Error(`cannot save the link: ${error.message}`);
  return { link: data as SavedIncoming['link'], folder: folder.name, updated: false };
}
