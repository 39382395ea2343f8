/**
 * Row shapes of the tables the data layer reads (supabase/migrations, spec part 1 §3 / part 2 §3).
 * Hand-written rather than generated so shared/ needs no codegen step; keep in step with the migrations.
 */
import type { Density, MainPhotoSize, PageVisibility, SharedLinkStatus, SocialPlatform, StudioTheme, Theme } from '../constants.ts';

export interface ProfileRow {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  username: string | null;
  email_visible: boolean;
  name_visible: boolean;
  icon_outline_color: string;
  public_page_slug: string | null;
}

export interface CategoryRow {
  id: string;
  user_id: string | null;
  name: string;
  is_default: boolean;
  is_template: boolean;
  icon_url: string | null;
  parent_category_id: string | null;
  display_order: number;
  ai_enhanced: boolean;
  system_key: 'saved' | 'incoming' | 'approved' | 'rejected' | null;
}

export interface LinkRow {
  id: string;
  user_id: string | null;
  title: string;
  url: string;
  description: string | null;
  category_id: string | null;
  second_category_id: string | null;
  icon_url: string | null;
  access_count: number;
  share_count: number;
  created_at: string;
  updated_at: string;
  is_template: boolean;
  template_source_id: string | null;
  ai_enhanced: boolean;
  /** Issue 18: our stored copies of the page's favicon and preview image (link-previews bucket). */
  favicon_url?: string | null;
  preview_image_url?: string | null;
  preview_description?: string | null;
  preview_site_name?: string | null;
  preview_fetched_at?: string | null;
}

export interface SharedLinkRow {
  id: string;
  sender_id: string;
  link_id: string;
  shared_at: string;
  recipient_email: string | null;
  recipient_phone: string | null;
  recipient_username: string | null;
  social_platform: SocialPlatform | null;
  social_handle: string | null;
  message: string | null;
  status: SharedLinkStatus;
  accepted_at: string | null;
  moved_to_category_id: string | null;
  recipient_user_id: string | null;
}

export interface UserBackgroundRow {
  id: string;
  user_id: string;
  background_url: string;
  background_name: string | null;
  category_id: string | null;
  is_default: boolean;
  created_at: string;
}

export interface BlockedSenderRow {
  id: string;
  blocked_by: string;
  blocked_username: string | null;
  blocked_email: string | null;
  blocked_phone: string | null;
  created_at: string;
}

export interface AppearanceRow {
  user_id: string;
  theme: Theme;
  accent_hsl: string | null;
  density: Density;
}

export interface PrivacySettingsRow {
  id: string;
  user_id: string;
  public_page_published: boolean;
  public_page_visibility: PageVisibility;
}

export interface WebpageSettingsRow {
  user_id: string;
  main_photo_path: string | null;
  main_photo_size: MainPhotoSize;
  message_image_paths: string[];
  message_boxes: string[];
  message_titles: string[];
  banner_message: string | null;
  banner_background_url: string | null;
  bio: string | null;
  website_url: string | null;
  twitter_handle: string | null;
  instagram_handle: string | null;
  linkedin_url: string | null;
  public_display_name: string | null;
  company_name: string | null;
  links_section_title: string | null;
  profile_section_title: string | null;
  bio_social_section_title: string | null;
  theme_mode: StudioTheme;
  accent_color: string;
}

export interface UsernameChangeRow {
  user_id: string;
  old_username: string | null;
  new_username: string | null;
  changed_at: string;
}

export interface AiChatHistoryRow {
  id: string;
  user_id: string;
  message: string;
  response: string | null;
  context: unknown;
  created_at: string;
}
