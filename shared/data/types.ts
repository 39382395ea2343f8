/**
 * Row shapes of the tables the data layer reads, as the generated schema types them (database.ts:
 * database.types.ts from the migrations, CHECK-constrained columns narrowed). A `Pick` lists the
 * columns a read selects: the query's column string and the Pick must agree, or the typed client
 * does not compile. Names kept as the apps import them.
 */
import type { Tables } from './database.ts';

export type { Tables, TablesUpdate, RpcRow } from './database.ts';

export type ProfileRow = Pick<
  Tables<'profiles'>,
  | 'user_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'username'
  | 'email_visible'
  | 'name_visible'
  | 'icon_outline_color'
  | 'public_page_slug'
>;

export type CategoryRow = Pick<
  Tables<'categories'>,
  | 'id'
  | 'user_id'
  | 'name'
  | 'is_default'
  | 'is_template'
  | 'icon_url'
  | 'parent_category_id'
  | 'display_order'
  | 'ai_enhanced'
  | 'system_key'
>;

/** Every column of a link, as `select('*')` and the RPCs' `to_jsonb(link)` send it. */
export type LinkRow = Tables<'links'>;

export type SharedLinkRow = Tables<'shared_links'>;

export type UserBackgroundRow = Tables<'user_backgrounds'>;

export type BlockedSenderRow = Tables<'blocked_senders'>;

export type AppearanceRow = Pick<Tables<'user_appearance_settings'>, 'user_id' | 'theme' | 'accent_hsl' | 'density'>;

export type PrivacySettingsRow = Pick<
  Tables<'user_privacy_settings'>,
  'id' | 'user_id' | 'public_page_published' | 'public_page_visibility'
>;

/** The studio's columns (all but the timestamps). */
export type WebpageSettingsRow = Omit<Tables<'webpage_settings'>, 'created_at' | 'updated_at'>;

export type UsernameChangeRow = Pick<Tables<'username_change_history'>, 'user_id' | 'old_username' | 'new_username' | 'changed_at'>;

export type AiChatHistoryRow = Tables<'ai_chat_history'>;
