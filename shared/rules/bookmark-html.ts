import { Tokenizer } from 'htmlparser2';
import { unixSeconds, type ExportCollection, type ExportFolder, type ExportLink } from './bookmark-export.ts';
import { isImportableIconUri } from './import-icons.ts';
import { splitTagList } from './tags.ts';
import { parseImportDate, type FolderRef, type ImportEntry, type ParsedCollection } from './bookmark-import.ts';

/**
 * Netscape bookmark files (NETSCAPE-Bookmark-file-1), as Chrome, Edge, Firefox, Safari, Raindrop,
 * Pocket, linkding, Karakeep and Linkwarden export them:
 *
 *   <DL><p>
 *     <DT><H3 ADD_DATE="…">Folder</H3>
 *     <DL><p>
 *       <DT><A HREF="https://…" ADD_DATE="…" ICON="data:…" TAGS="…">Title</A>
 *       <DD>Description
 *     </DL><p>
 *   </DL><p>
 *
 * Read with htmlparser2's tokenizer (tolerant streaming HTML: any case, entities, unclosed tags),
 * never regular expressions. A folder is an <H3> followed by its <DL>; a missing </DL> nests what
 * follows (as browsers do) and the end of the file closes everything. Only the attributes we use
 * are read (ICON data URIs only when small enough to keep, see import-icons.ts). Feed it in chunks (`write`) so a
 * multi-megabyte file never needs a DOM.
 *
 * The tokenizer alone, not htmlparser2's Parser: the Parser keeps a stack of open elements that it
 * shifts and searches on every tag (Array.unshift moves the whole stack), so a file nested 20,000
 * folders deep (2 MB) took 10 s. The rules below need only the tags themselves and one list of
 * open <DL>s: reading stays linear in the file's size however deep it nests.
 */
export interface NetscapeParser {
  write(chunk: string): void;
  end(): ParsedCollection;
}

export function createNetscapeParser(): NetscapeParser {
  const entries: ImportEntry[] = [];
  const folders: FolderRef[] = [];
  /** The folder the parser is in (null at the top): entries and sub-folders point at it, never copy its path. */
  let current: FolderRef | null = null;
  /** One per open <DL>: whether it opened a folder (so its close leaves that folder). */
  const lists: boolean[] = [];
  let pendingFolder: FolderRef | null = null;
  let mode: 'none' | 'h3' | 'a' | 'dd' = 'none';
  let text = '';
  let anchor: Record<string, string> = {};
  let lastEntry: ImportEntry | null = null;
  // One string per distinct icon: a site's icon repeats on each of its bookmarks.
  const iconStrings = new Map<string, string>();
  const internIcon = (uri: string) => {
    const known = iconStrings.get(uri);
    if (known !== undefined) return known;
    iconStrings.set(uri, uri);
    return uri;
  };

  const finishAnchor = () => {
    const title = text.replace(/\s+/g, ' ').trim();
    const entry: ImportEntry = {
      title,
      url: (anchor.href ?? '').trim(),
      folder: current,
    };
    const created = parseImportDate(anchor.add_date ?? anchor.time_added ?? anchor.created);
    if (created) entry.createdAt = created;
    // ICON is usually a data: URI (Chrome, Edge: stored on import when it is a small PNG/JPEG/GIF);
    // ICON_URI (Firefox) may be an http(s) favicon (kept only when it is our own storage's).
    const icon = anchor.icon_uri ?? anchor.icon;
    if (icon && /^https?:\/\//i.test(icon)) entry.iconUrl = icon;
    if (isImportableIconUri(anchor.icon)) entry.iconData = internIcon(anchor.icon);
    // TAGS="a,b" (Pinboard, Raindrop, linkding, Firefox's own export).
    const tags = splitTagList(anchor.tags);
    if (tags.length) entry.tags = tags;
    entries.push(entry);
    lastEntry = entry;
    mode = 'none';
    text = '';
  };
  const finishDescription = () => {
    const description = text.trim();
    if (lastEntry && description) lastEntry.description = description;
    lastEntry = null;
    mode = 'none';
    text = '';
  };
  const finishOpen = () => {
    if (mode === 'a') finishAnchor();
    else if (mode === 'dd') finishDescription();
    else if (mode === 'h3') finishFolderName();
  };
  const finishFolderName = () => {
    pendingFolder = { name: text.replace(/\s+/g, ' ').trim(), parent: current };
    folders.push(pendingFolder);
    lastEntry = null;
    mode = 'none';
    text = '';
  };

  const handler = {
    onopentag(name: string, attrs: Record<string, string>) {
      switch (name) {
        case 'a':
          finishOpen();
          pendingFolder = null;
          mode = 'a';
          text = '';
          anchor = attrs;
          break;
        case 'h3':
          finishOpen();
          pendingFolder = null;
          mode = 'h3';
          text = '';
          break;
        case 'dd':
          if (mode === 'a') finishAnchor();
          else if (mode === 'h3') finishFolderName();
          mode = 'dd';
          text = '';
          break;
        case 'dl':
          finishOpen();
          if (pendingFolder !== null) {
            current = pendingFolder;
            lists.push(true);
            pendingFolder = null;
          } else {
            lists.push(false);
          }
          break;
        case 'dt':
          // A <DT> before the folder's <DL>: the folder was empty and had no list.
          finishOpen();
          pendingFolder = null;
          break;
        default:
          break;
      }
    },
    ontext(chunk: string) {
      if (mode !== 'none') text += chunk;
    },
    onclosetag(name: string) {
      if (name === 'a' && mode === 'a') finishAnchor();
      else if (name === 'h3' && mode === 'h3') finishFolderName();
      else if (name === 'dd' && mode === 'dd') finishDescription();
      else if (name === 'dl' && lists.length > 0) {
        finishOpen();
        pendingFolder = null;
        if (lists.pop()) current = current?.parent ?? null;
      }
    },
  };

  // The tokenizer reports positions in everything written so far; the chunks they fall in are kept
  // until it has moved past them.
  const chunks: string[] = [];
  let chunksOffset = 0;
  const slice = (start: number, end: number): string => {
    while (start - chunksOffset >= chunks[0].length) chunksOffset += chunks.shift()!.length;
    let out = chunks[0].slice(start - chunksOffset, end - chunksOffset);
    while (end - chunksOffset > chunks[0].length) {
      chunksOffset += chunks.shift()!.length;
      out += chunks[0].slice(0, end - chunksOffset);
    }
    return out;
  };
  let tagName = '';
  let attribs: Record<string, string> = {};
  let attribName = '';
  let attribValue = '';
  const openTagEnd = () => {
    handler.onopentag(tagName, attribs);
    attribs = {};
  };
  const noop = () => undefined;
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => handler.ontext(slice(start, end)),
      ontextentity: (codePoint) => handler.ontext(String.fromCodePoint(codePoint)),
      onopentagname: (start, end) => {
        tagName = slice(start, end).toLowerCase();
        attribs = {};
      },
      onattribname: (start, end) => {
        attribName = slice(start, end).toLowerCase();
      },
      onattribdata: (start, end) => {
        attribValue += slice(start, end);
      },
      onattribentity: (codePoint) => {
        attribValue += String.fromCodePoint(codePoint);
      },
      // The first of two same-named attributes counts, as in browsers.
      onattribend: () => {
        if (!Object.prototype.hasOwnProperty.call(attribs, attribName)) attribs[attribName] = attribValue;
        attribValue = '';
      },
      onopentagend: openTagEnd,
      // HTML has no self-closing tags: <A …/> opens an A.
      onselfclosingtag: openTagEnd,
      onclosetag: (start, end) => handler.onclosetag(slice(start, end).toLowerCase()),
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      onprocessinginstruction: noop,
      onend: noop,
    },
  );

  return {
    write: (chunk) => {
      if (!chunk) return;
      chunks.push(chunk);
      tokenizer.write(chunk);
    },
    end: () => {
      tokenizer.end();
      finishOpen();
      return { entries, folders, invalid: [] };
    },
  };
}

/** Parses a whole Netscape bookmark file at once. */
export function parseNetscapeHtml(html: string): ParsedCollection {
  const parser = createNetscapeParser();
  parser.write(html);
  return parser.end();
}

/** Indentation of a line `level` folders deep (at most MAX_INDENT levels of it). */
const MAX_INDENT = 32;
const indentOf = (level: number) => '    '.repeat(Math.min(level, MAX_INDENT));

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Our collection as a Netscape bookmark file (Chrome and Firefox import it with the folder tree):
 * each folder an <H3> with its <DL>, links under the folder they show in, descriptions as <DD>.
 */
export function toNetscapeHtml(collection: ExportCollection, title = 'Bookmarks'): string {
  const children = new Map<string | null, typeof collection.folders>();
  const known = new Set(collection.folders.map((f) => f.id));
  for (const f of collection.folders) {
    const parent = f.parent_id && known.has(f.parent_id) ? f.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(f);
    children.set(parent, list);
  }
  const linksByFolder = new Map<string | null, ExportLink[]>();
  for (const link of collection.links) {
    const key = link.folder_id && known.has(link.folder_id) ? link.folder_id : null;
    const list = linksByFolder.get(key) ?? [];
    list.push(link);
    linksByFolder.set(key, list);
  }

  const out: string[] = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file.',
    '     It will be read and overwritten.',
    '     DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    `<TITLE>${escapeHtml(title)}</TITLE>`,
    `<H1>${escapeHtml(title)}</H1>`,
    '<DL><p>',
  ];
  const writeLinks = (folderId: string | null, indent: string) => {
    for (const link of linksByFolder.get(folderId) ?? []) {
      const added = unixSeconds(link.created_at);
      const modified = unixSeconds(link.updated_at);
      const attrs = [`HREF="${escapeHtml(link.url)}"`];
      if (added !== null) attrs.push(`ADD_DATE="${added}"`);
      if (modified !== null) attrs.push(`LAST_MODIFIED="${modified}"`);
      if (link.icon_url && /^https?:\/\//i.test(link.icon_url)) attrs.push(`ICON_URI="${escapeHtml(link.icon_url)}"`);
      // Tag names never hold commas (shared/rules/tags.ts), so the list reads back the same.
      if (link.tags?.length) attrs.push(`TAGS="${escapeHtml(link.tags.join(','))}"`);
      out.push(`${indent}<DT><A ${attrs.join(' ')}>${escapeHtml(link.title)}</A>`);
      if (link.description) out.push(`${indent}<DD>${escapeHtml(link.description)}`);
    }
  };
  // The tree from the top, with a stack of its own instead of recursion (a chain thousands of
  // folders deep must not overflow the call stack). Each folder: its <H3>, its <DL>, its sub-folders,
  // its links, </DL>. A folder is written once; folders in a corrupt parent cycle are not reachable
  // from the top and are left out. Indentation stops growing past MAX_INDENT levels, so a deep
  // chain does not make the file quadratic in size.
  const written = new Set<string>();
  const stack: Array<{ folder: ExportFolder; level: number; close: boolean }> = [];
  const pushChildren = (parentId: string | null, level: number) => {
    const list = children.get(parentId) ?? [];
    for (let i = list.length - 1; i >= 0; i--) stack.push({ folder: list[i], level, close: false });
  };
  pushChildren(null, 1);
  while (stack.length) {
    const { folder, level, close } = stack.pop()!;
    const indent = indentOf(level);
    if (close) {
      writeLinks(folder.id, indentOf(level + 1));
      out.push(`${indent}</DL><p>`);
      continue;
    }
    if (written.has(folder.id)) continue;
    written.add(folder.id);
    const added = unixSeconds(folder.created_at);
    out.push(`${indent}<DT><H3${added !== null ? ` ADD_DATE="${added}"` : ''}>${escapeHtml(folder.name)}</H3>`);
    out.push(`${indent}<DL><p>`);
    stack.push({ folder, level, close: true });
    pushChildren(folder.id, level + 1);
  }
  writeLinks(null, indentOf(1));
  out.push('</DL><p>', '');
  return out.join('\n');
}
