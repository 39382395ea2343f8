import { linkCountLabel, PUBLIC_FOLDER_LINKS_MAX } from './public-folder.ts';
import { safeHref } from './url.ts';

/**
 * What the public folder page (/{slug}/{folder}) renders from get_public_folder's answer, and its
 * title and description (the page's and the server-rendered preview tags'). Pure, no zod: the
 * page's JS is budgeted.
 */

export interface PublicFolderLink {
  title: string;
  /** Always an absolute http(s) URL. */
  href: string;
  host: string;
  favicon: string | null;
  description: string | null;
  tags: string[];
}

export interface PublicFolderOwner {
  /** The owner's public URL name (or username): the first part of the folder's address. */
  slug: string;
  username: string | null;
  public_display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  theme_mode: string | null;
  accent_color: string | null;
  /** The owner's profile page is published and public: the header may link to it. */
  public: boolean;
}

export interface PublicFolderView {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  noindex: boolean;
  linkCount: number;
  owner: PublicFolderOwner;
  links: PublicFolderLink[];
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const text = (value: unknown): string | null => str(value)?.trim() || null;

function linkOf(raw: unknown): PublicFolderLink | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const href = safeHref(str(r.url));
  if (!href) return null;
  const host = new URL(href).hostname.replace(/^www\./, '');
  return {
    title: text(r.title) ?? host,
    href,
    host,
    favicon: safeHref(str(r.favicon_url)) ?? null,
    description: text(r.description),
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [],
  };
}

/**
 * get_public_folder's JSON as what the page renders, or null (no such published folder). Malformed
 * parts and links that are not http(s) are dropped: the server filters already, the page does not
 * trust it blindly. No zod: the page's JS is budgeted.
 */
export function publicFolderOf(raw: unknown): PublicFolderView | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const p = (r.profile && typeof r.profile === 'object' ? r.profile : {}) as Record<string, unknown>;
  const id = str(r.id);
  const slug = str(r.slug);
  const name = text(r.name);
  const ownerSlug = str(p.slug);
  if (!id || !slug || !name || !ownerSlug) return null;
  const links = (Array.isArray(r.links) ? r.links : [])
    .slice(0, PUBLIC_FOLDER_LINKS_MAX)
    .map(linkOf)
    .filter((l): l is PublicFolderLink => l !== null);
  return {
    id,
    slug,
    name,
    description: text(r.description),
    noindex: r.noindex === true,
    linkCount: typeof r.link_count === 'number' ? r.link_count : links.length,
    owner: {
      slug: ownerSlug,
      username: str(p.username),
      public_display_name: str(p.public_display_name),
      first_name: str(p.first_name),
      last_name: str(p.last_name),
      theme_mode: str(p.theme_mode),
      accent_color: str(p.accent_color),
      public: p.public === true,
    },
    links,
  };
}

/** The title and description of the page and of its link previews in chat apps (server-rendered too). */
export function publicFolderMetaOf(folder: PublicFolderView, ownerName: string): { title: string; description: string } {
  return {
    title: `${folder.name} · ${ownerName}`,
    description: (folder.description ?? `${linkCountLabel(folder.linkCount)} collected by ${ownerName}.`)
      .replace(/\s+/g, ' ')
      .slice(0, 200),
  };
}
