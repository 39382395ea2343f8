/**
 * The `Database` type the data layer's client is created with (`createClient<Database>`, client.ts):
 * the generated types (database.types.ts, `npm run db:types`) with what the generator cannot know
 * corrected here, in one place, the way Supabase documents it (the generated type merged deep with
 * overrides). Every row type of shared/data derives from `Tables<'x'>` below, never from a
 * hand-written copy, so a migration that changes a column changes the types after `npm run db:types`.
 *
 * What is corrected, and why:
 * - Columns a CHECK constraint limits to a few values are `text` to the generator, so `string`;
 *   here they are the unions of shared/constants.ts (tests/db/generated-schema.test.ts checks the
 *   unions against the constraints' values).
 * - Columns of a RETURNS TABLE function are all typed non-null by the generator, though a left
 *   join, a `case` without `else` or a row of nulls makes some of them null: here they are
 *   nullable as the SQL says (the comment on each function names the reason).
 * - Arguments with a SQL default are typed `arg?: T`, yet the functions take NULL for them and the
 *   data layer sends null (e.g. "no folder chosen"): here those arguments accept null.
 *
 * Types only: importing this module adds nothing to a bundle.
 */
import type {
  Density,
  MainPhotoSize,
  PageVisibility,
  SharedLinkStatus,
  SocialPlatform,
  StudioTheme,
  SystemCategoryKey,
  Theme,
  UserRole,
} from '../constants.ts';
import type { Database as GeneratedDatabase } from './database.types.ts';

export type { Json } from './database.types.ts';

// ── Merging the overrides into the generated type ─────────────────────────

type IsRecord<T> = [T] extends [readonly unknown[]]
  ? false
  : [T] extends [(...args: never[]) => unknown]
    ? false
    : [T] extends [object]
      ? true
      : false;

/**
 * `Base` with `Patch` merged in, key by key at any depth (arrays element-wise); a key `Patch` gives
 * replaces the generated type of that key. Optional keys stay optional, required ones required
 * (an optional patch key is taken without its `undefined` where the generated key is required).
 * type-fest's MergeDeep, which Supabase's docs use, in the few lines this needs (type-fest is not a
 * dependency of this project).
 */
export type MergeDeep<Base, Patch> = [Base, Patch] extends [readonly (infer B)[], readonly (infer P)[]]
  ? MergeDeep<B, P>[]
  : [IsRecord<Base>, IsRecord<Patch>] extends [true, true]
    ? {
        [K in keyof Base]: K extends keyof Patch
          ? MergeDeep<Base[K], undefined extends Base[K] ? Patch[K] : Exclude<Patch[K], undefined>>
          : Base[K];
      }
    : Patch;

/** Keys `Patch` names (at any depth) that `Base` does not have: a misspelt override would otherwise do nothing. */
type StrayKeys<Base, Patch> = [Base, Patch] extends [readonly (infer B)[], readonly (infer P)[]]
  ? StrayKeys<B, P>
  : [IsRecord<Base>, IsRecord<Patch>] extends [true, true]
    ? { [K in keyof Patch]-?: K extends keyof Base ? StrayKeys<NonNullable<Base[K]>, NonNullable<Patch[K]>> : K }[keyof Patch]
    : never;

/** A table's CHECK-constrained columns, narrowed alike in its Row, Insert and Update types. */
type CheckedColumns<Row> = { Row: Row; Insert: Partial<Row>; Update: Partial<Row> };

// ── The overrides ─────────────────────────────────────────────────────────

type Overrides = {
  public: {
    Tables: {
      categories: CheckedColumns<{ system_key: SystemCategoryKey | null }>;
      shared_links: CheckedColumns<{ status: SharedLinkStatus; social_platform: SocialPlatform | null }>;
      user_appearance_settings: CheckedColumns<{ theme: Theme; density: Density }>;
      user_privacy_settings: CheckedColumns<{ public_page_visibility: PageVisibility }>;
      user_roles: CheckedColumns<{ role: UserRole }>;
      webpage_settings: CheckedColumns<{ main_photo_size: MainPhotoSize; theme_mode: StudioTheme }>;
    };
    Functions: {
      /** Returns a shared_links row. */
      _my_share_for_update: { Returns: { status: SharedLinkStatus; social_platform: SocialPlatform | null } };
      /** status_filter null = every status (the default, when it is left out, is 'pending'). */
      list_incoming_shares: {
        Args: { status_filter?: SharedLinkStatus | null };
        /** The link's and share's nullable columns; the sender's profile is a left join and shows only what it makes visible. */
        Returns: {
          description: string | null;
          icon_url: string | null;
          message: string | null;
          status: SharedLinkStatus;
          accepted_at: string | null;
          moved_to_category_id: string | null;
          sender_email: string | null;
          sender_username: string | null;
        }[];
      };
      /**
       * A page nobody may see is one row of nulls beside reason/viewable/is_owner/slug; a viewable
       * one still has the owner's nullable columns (the SQL fills in defaults for the others).
       */
      get_public_page_by_slug: {
        Returns: {
          reason: PublicPageReason;
          user_id: string | null;
          username: string | null;
          first_name: string | null;
          last_name: string | null;
          icon_outline_color: string | null;
          public_page_published: boolean | null;
          public_page_visibility: PageVisibility | null;
          main_photo_path: string | null;
          main_photo_size: MainPhotoSize | null;
          message_image_paths: string[] | null;
          message_boxes: string[] | null;
          message_titles: string[] | null;
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
          theme_mode: StudioTheme | null;
          accent_color: string | null;
        }[];
      };
      /** Null for a caller without a session, or a link that is not theirs (nothing counted). */
      increment_link_access: { Returns: number | null };
      /** A member shows a username, a pending e-mail invitation the address typed (nothing else). */
      list_page_members: { Returns: { status: 'member' | 'invited'; username: string | null; invited_email: string | null }[] };
      list_page_invitations: { Returns: { owner_username: string | null; page_slug: string | null }[] };
      /** The shared folder itself has no parent (what is above it is not the member's to see). */
      list_shared_folder_tree: { Returns: { parent_category_id: string | null }[] };
      move_link: { Args: { other_link_id?: string | null; within_category_id?: string | null } };
      save_link: {
        Args: {
          chosen_category_id?: string | null;
          existing_link_id?: string | null;
          link_description?: string | null;
          link_icon_url?: string | null;
          new_category_name?: string | null;
        };
      };
      /** Names only when the user shows them. */
      search_usernames: { Returns: { first_name: string | null; last_name: string | null }[] };
      set_default_background: { Args: { scope_category_id?: string | null; scope_name?: string | null } };
    };
  };
};

/** What get_public_page_by_slug says about the page: 'ok' when the caller may see it, else why not. */
export type PublicPageReason = 'ok' | 'not_found' | 'unpublished' | 'private' | 'exclusive';

/** The generated Database with the overrides above: what `createClient<Database>()` is given. */
export type Database = MergeDeep<GeneratedDatabase, Overrides>;

/** Never anything but `never`: compiling fails when an override names a table, function or column the schema lacks. */
export type OverridesMatchTheSchema = NoStrayKeys<StrayKeys<GeneratedDatabase, Overrides>>;
type NoStrayKeys<T extends never> = T;

// ── Helpers the data layer's types are written with ───────────────────────

type PublicSchema = Database['public'];
export type TableName = keyof PublicSchema['Tables'];
export type RpcName = keyof PublicSchema['Functions'];

/** A table's row as `select('*')` reads it: `Tables<'links'>`, or `Pick<Tables<'links'>, 'id' | 'url'>` for fewer columns. */
export type Tables<T extends TableName> = PublicSchema['Tables'][T]['Row'];
export type TablesUpdate<T extends TableName> = PublicSchema['Tables'][T]['Update'];

/** An RPC's arguments, as `client.rpc(name, args)` takes them. */
export type RpcArgs<F extends RpcName> = PublicSchema['Functions'][F]['Args'];
/** What an RPC returns: a scalar, `Json`, a row, or rows. */
export type RpcReturns<F extends RpcName> = PublicSchema['Functions'][F]['Returns'];
/** One row of a RETURNS TABLE / SETOF function. */
export type RpcRow<F extends RpcName> = RpcReturns<F> extends ReadonlyArray<infer Row> ? Row : never;
