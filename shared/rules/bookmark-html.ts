import { Parser } from 'htmlparser2';
import { folderPaths, unixSeconds, type ExportCollection, type ExportLink } from './bookmark-export.ts';
import { parseImportDate, type ImportEntry, type ParsedCollection } from './bookmark-import.ts';

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
 * Read with htmlparser2 (a tolerant streaming HTML tokenizer: any case, entities, unclosed tags),
 * never regular expressions. A folder is an <H3> followed by its <DL>; a missing </DL> nests what
 * follows (as browsers do) and the end of the file closes everything. Only the attributes we use
 * are read; ICON data URIs and everything else are ignored. Feed it in chunks (`write`) so a
 * multi-megabyte file never needs a DOM.
 */
export interface NetscapeParser {
  write(chunk: string): void;
  end(): ParsedCollection;
}

export function createNetscapeParser(): NetscapeParser {
  const entries: ImportEntry[] = [];
  const folders: string[][] = [];
  const path: string[] = [];
  /** One per open <DL>: whether it opened a folder (so its close leaves that folder). */
  const lists: boolean[] = [];
  let pendingFolder: string | null = null;
  let mode: 'none' | 'h3' | 'a' | 'dd' = 'none';
  let text = '';
  let anchor: Record<string, string> = {};
  let lastEntry: ImportEntry | null = null;

  const finishAnchor = () => {
    const title = text.replace(/\s+/g, ' ').trim();
    const entry: ImportEntry = {
      title,
      url: (anchor.href ?? '').trim(),
      folder: [...path],
    };
    const created = parseImportDate(anchor.add_date ?? anchor.time_added ?? anchor.created);
    if (created) entry.createdAt = created;
    // ICON is usually a data: URI (ignored); ICON_URI (Firefox) may be an http(s) favicon.
    const icon = anchor.icon_uri ?? anchor.icon;
    if (icon && /^https?:\/\//i.test(icon)) entry.iconUrl = icon;
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
    pendingFolder = text.replace(/\s+/g, ' ').trim();
    folders.push([...path, pendingFolder]);
    lastEntry = null;
    mode = 'none';
    text = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
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
              path.push(pendingFolder);
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
      ontext(chunk) {
        if (mode !== 'none') text += chunk;
      },
      onclosetag(name) {
        if (name === 'a' && mode === 'a') finishAnchor();
        else if (name === 'h3' && mode === 'h3') finishFolderName();
        else if (name === 'dd' && mode === 'dd') finishDescription();
        else if (name === 'dl') {
          finishOpen();
          pendingFolder = null;
          if (lists.pop()) path.pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );

  return {
    write: (chunk) => parser.write(chunk),
    end: () => {
      parser.end();
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
  // Only used to stop a corrupt parent cycle from recursing forever.
  const paths = folderPaths(collection.folders);

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
      out.push(`${indent}<DT><A ${attrs.join(' ')}>${escapeHtml(link.title)}</A>`);
      if (link.description) out.push(`${indent}<DD>${escapeHtml(link.description)}`);
    }
  };
  const writeFolder = (folderId: string | null, indent: string, depth: number) => {
    for (const folder of children.get(folderId) ?? []) {
      if ((paths.get(folder.id)?.length ?? 0) !== depth + 1) continue;
      const added = unixSeconds(folder.created_at);
      out.push(`${indent}<DT><H3${added !== null ? ` ADD_DATE="${added}"` : ''}>${escapeHtml(folder.name)}</H3>`);
      out.push(`${indent}<DL><p>`);
      writeFolder(folder.id, `${indent}    `, depth + 1);
      writeLinks(folder.id, `${indent}    `);
      out.push(`${indent}</DL><p>`);
    }
  };
  writeFolder(null, '    ', 0);
  writeLinks(null, '    ');
  out.push('</DL><p>', '');
  return out.join('\n');
}
