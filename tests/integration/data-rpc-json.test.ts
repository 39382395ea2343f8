import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, findSystemCategory } from '../../shared/data/categories/api.ts';
import { decodeFolder } from '../../shared/data/categories/decode.ts';
import type { Json } from '../../shared/data/database.ts';
import { decodeImportFoldersResult, decodeImportLinksResult } from '../../shared/data/import-export/decode.ts';
import { decodeAcceptShareResult, decodeRejectShareResult } from '../../shared/data/incoming/decode.ts';
import { listFolderLinks, listLinks } from '../../shared/data/links/api.ts';
import {
  FOLDER_LINK_COLUMNS,
  LINK_LIST_COLUMNS,
  LINK_LIST_VALUE_COUNT,
  decodeCopyLinkResult,
  decodeFolderLinkList,
  decodeLinkList,
  decodeSaveLinkResult,
} from '../../shared/data/links/decode.ts';
import { CATEGORY_COLUMNS } from '../../shared/data/list-calls.ts';
import type { CategoryRow, LinkRow } from '../../shared/data/types.ts';
import { serviceClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser, type DataUser } from './data-setup.ts';

/**
 * The RPCs that answer JSON (positional arrays for the big lists, objects for the rest) against the
 * data layer's decoders (shared/data/<entity>/decode.ts), on the migrated database of the test stack:
 * each answer exactly as the SQL function sends it must decode, every member it sends must be read
 * (an array has exactly the values the decoder names, an object exactly the keys), and the decoded
 * rows must be the rows the REST API reads for the same ids. So a migration that reorders, adds or
 * retypes a column of these functions fails here, not on a user's screen.
 */

let owner: DataUser;
let sender: DataUser;
/** A folder and a subfolder of it. */
let folder: CategoryRow;
let sub: CategoryRow;
/** A link in `folder` whose columns all hold different, non-null values; and one with the nullable ones null. */
let full: LinkRow;
let bare: LinkRow;

const storageUrl = (bucket: string, name: string) => `${testStack().url}/storage/v1/object/public/${bucket}/${owner.userId}/${name}`;
const sortedKeys = (value: unknown) => Object.keys(value as object).sort();
const columnsOf = (list: string) => list.split(',').sort();

/** The RPC's raw JSON answer, as the typed client returns it (`Json`: what a decoder is given). */
async function rpcJson(result: PromiseLike<{ data: Json | null; error: { message: string } | null }>): Promise<Json> {
  const { data, error } = await result;
  if (error) throw new Error(error.message);
  return data;
}

async function linkAsRest(id: string): Promise<LinkRow> {
  const { data, error } = await owner.client.from('links').select('*').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  [owner, sender] = await Promise.all([dataUser({ firstName: 'Dee', lastName: 'Coder' }), dataUser()]);
  folder = await createCategory(owner.client, { name: 'Decoded' });
  sub = await createCategory(owner.client, { name: 'Decoded inner', parentId: folder.id });
  const saved = await findSystemCategory(owner.client, owner.userId, 'saved');

  const made = decodeSaveLinkResult(
    await rpcJson(
      owner.client.rpc('save_link', {
        link_title: 'Every column set',
        link_url: 'https://decoders.example.com/full',
        link_description: 'A description',
        chosen_category_id: folder.id,
      }),
    ),
  );
  // Distinct values in every column list_links sends, so a swapped position cannot go unnoticed.
  const { error } = await serviceClient()
    .from('links')
    .update({
      icon_url: storageUrl('link-icons', 'icon.png'),
      favicon_url: storageUrl('link-previews', 'favicon.png'),
      preview_image_url: storageUrl('link-previews', 'image.png'),
      access_count: 7,
      share_count: 3,
      created_at: '2025-01-02T03:04:05.678+00:00',
      updated_at: '2025-02-03T04:05:06.789+00:00',
    })
    .eq('id', made.link.id);
  if (error) throw new Error(error.message);
  full = await linkAsRest(made.link.id);
  expect(full).toMatchObject({ category_id: saved?.id, second_category_id: folder.id, description: 'A description' });

  bare = decodeSaveLinkResult(
    await rpcJson(owner.client.rpc('save_link', { link_title: 'Nulls', link_url: 'https://decoders.example.com/bare' })),
  ).link;
  expect(bare).toMatchObject({ icon_url: null, description: null, second_category_id: null, favicon_url: null });
});
afterAll(async () => {
  await Promise.all([owner?.client.auth.signOut(), sender?.client.auth.signOut()]);
});

describe('list_links and list_folder_links (links as positional arrays)', () => {
  it('list_links: each link is exactly the values LINK_LIST_COLUMNS names, in that order, as REST reads them', async () => {
    const raw = await rpcJson(owner.client.rpc('list_links', { p_user_id: owner.userId }));
    expect(Array.isArray(raw)).toBe(true);
    const rows = raw as Json[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row).toHaveLength(LINK_LIST_VALUE_COUNT);
    expect(columnsOf(LINK_LIST_COLUMNS)).toHaveLength(LINK_LIST_VALUE_COUNT);

    const rest = await owner.client
      .from('links')
      .select(LINK_LIST_COLUMNS)
      .eq('user_id', owner.userId)
      .eq('is_template', false)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true });
    expect(rest.error).toBeNull();
    expect(decodeLinkList(raw)).toEqual(rest.data);
    // The data layer's read is that decoder on that call.
    expect(await listLinks(owner.client, owner.userId)).toEqual(rest.data);
    // The link with every column set, value by value (a position swap of two like-typed columns shows here).
    const decoded = decodeLinkList(raw).find((l) => l.id === full.id);
    expect(decoded).toEqual(Object.fromEntries(LINK_LIST_COLUMNS.split(',').map((c) => [c, full[c as keyof LinkRow]])));
  });

  it('list_folder_links: list_links values then description, as REST reads the folder', async () => {
    const raw = await rpcJson(owner.client.rpc('list_folder_links', { p_user_id: owner.userId, p_category_id: folder.id }));
    const rows = raw as Json[];
    expect(rows).toHaveLength(1);
    for (const row of rows) expect(row).toHaveLength(LINK_LIST_VALUE_COUNT + 1);

    const rest = await owner.client
      .from('links')
      .select(FOLDER_LINK_COLUMNS)
      .eq('user_id', owner.userId)
      .eq('is_template', false)
      .or(`category_id.eq.${folder.id},second_category_id.eq.${folder.id}`)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true });
    expect(rest.error).toBeNull();
    expect(decodeFolderLinkList(raw)).toEqual(rest.data);
    expect(await listFolderLinks(owner.client, owner.userId, folder.id)).toEqual(rest.data);
    expect(decodeFolderLinkList(raw)[0]).toMatchObject({ id: full.id, description: 'A description', access_count: 7, share_count: 3 });
  });

  it('an empty folder is []', async () => {
    const empty = await createCategory(owner.client, { name: 'Decoded empty' });
    const raw = await rpcJson(owner.client.rpc('list_folder_links', { p_user_id: owner.userId, p_category_id: empty.id }));
    expect(raw).toEqual([]);
    expect(decodeFolderLinkList(raw)).toEqual([]);
  });
});

describe('get_folder', () => {
  it('the folder, breadcrumb, count and subfolders: every key read, and the folders as REST reads them', async () => {
    const [top, inner] = await Promise.all([
      rpcJson(owner.client.rpc('get_folder', { folder_id: folder.id })),
      rpcJson(owner.client.rpc('get_folder', { folder_id: sub.id })),
    ]);
    expect(sortedKeys(top)).toEqual(['ancestors', 'folder', 'link_count', 'subfolders']);
    const shape = top as { folder: Json; subfolders: Json[] };
    expect(sortedKeys(shape.folder)).toEqual(columnsOf(CATEGORY_COLUMNS));
    expect(sortedKeys(shape.subfolders[0])).toEqual([...columnsOf(CATEGORY_COLUMNS), 'link_count'].sort());

    const rest = await owner.client.from('categories').select(CATEGORY_COLUMNS).in('id', [folder.id, sub.id]);
    expect(rest.error).toBeNull();
    const restFolder = rest.data?.find((c) => c.id === folder.id);
    const restSub = rest.data?.find((c) => c.id === sub.id);

    expect(decodeFolder(top)).toEqual({ folder: restFolder, ancestors: [], link_count: 1, subfolders: [{ ...restSub, link_count: 0 }] });
    expect(decodeFolder(inner)).toEqual({
      folder: restSub,
      ancestors: [{ id: folder.id, name: folder.name }],
      link_count: 0,
      subfolders: [],
    });
  });

  it("a folder that is not the caller's is null", async () => {
    const raw = await rpcJson(sender.client.rpc('get_folder', { folder_id: folder.id }));
    expect(raw).toBeNull();
    expect(decodeFolder(raw)).toBeNull();
  });
});

describe('save_link and copy_link ({outcome, link})', () => {
  it('save_link: every key read; the link is the row REST reads', async () => {
    const raw = await rpcJson(
      owner.client.rpc('save_link', {
        link_title: 'Edited',
        link_url: full.url,
        link_description: 'A description',
        existing_link_id: full.id,
      }),
    );
    expect(sortedKeys(raw)).toEqual(['category_created', 'category_id', 'link', 'outcome']);
    const after = await linkAsRest(full.id);
    const shape = raw as { link: Json };
    expect(sortedKeys(shape.link)).toEqual(sortedKeys(after));
    const decoded = decodeSaveLinkResult(raw);
    expect(decoded).toEqual({ outcome: 'updated', link: after, category_created: false, category_id: after.category_id });
    full = after;
  });

  it("copy_link: 'moved', 'exists' and 'replaced', each link the row REST reads", async () => {
    const copy = (replace: boolean) =>
      rpcJson(owner.client.rpc('copy_link', { source_link_id: bare.id, destination_category_id: sub.id, replace_existing: replace }));
    const moved = await copy(false);
    expect(sortedKeys(moved)).toEqual(['link', 'outcome']);
    expect(decodeCopyLinkResult(moved)).toEqual({ outcome: 'moved', link: await linkAsRest(bare.id) });
    expect(decodeCopyLinkResult(await copy(false))).toEqual({ outcome: 'exists', link: await linkAsRest(bare.id) });
    const replaced = decodeCopyLinkResult(await copy(true));
    expect(replaced).toEqual({ outcome: 'replaced', link: await linkAsRest(bare.id) });
  });
});

describe('accept_incoming_share and reject_incoming_share', () => {
  it('every key read; the link is the row REST reads', async () => {
    const sent = await Promise.all(
      ['accept', 'reject'].map(async (slug) =>
        decodeSaveLinkResult(
          await rpcJson(sender.client.rpc('save_link', { link_title: `To ${slug}`, link_url: `https://decoders.example.com/${slug}` })),
        ),
      ),
    );
    const { data: shares, error } = await sender.client
      .from('shared_links')
      .insert(sent.map((s) => ({ link_id: s.link.id, sender_id: sender.userId, recipient_email: owner.email })))
      .select('id,link_id');
    if (error) throw new Error(error.message);
    const shareOf = (linkId: string) => shares.find((s) => s.link_id === linkId)?.id ?? '';

    const accepted = await rpcJson(
      owner.client.rpc('accept_incoming_share', { shared_link_id: shareOf(sent[0].link.id), destination_category_id: folder.id }),
    );
    expect(sortedKeys(accepted)).toEqual(['link', 'outcome', 'shared_link_id']);
    const acceptedResult = decodeAcceptShareResult(accepted);
    expect(acceptedResult).toEqual({
      outcome: 'inserted',
      link: await linkAsRest(acceptedResult.link.id),
      shared_link_id: shareOf(sent[0].link.id),
    });

    const rejected = await rpcJson(owner.client.rpc('reject_incoming_share', { shared_link_id: shareOf(sent[1].link.id) }));
    expect(sortedKeys(rejected)).toEqual(['link', 'outcome']);
    const rejectedResult = decodeRejectShareResult(rejected);
    expect(rejectedResult).toEqual({ outcome: 'inserted', link: await linkAsRest(rejectedResult.link.id) });
  });
});

describe('import_folders and import_links', () => {
  it('every key read, and the folder ids are the folders REST finds', async () => {
    const folders = await rpcJson(
      owner.client.rpc('import_folders', {
        folders: [
          { name: 'Imported A', parent_id: null },
          { name: 'Imported B', parent_id: folder.id },
        ],
      }),
    );
    expect(sortedKeys(folders)).toEqual(['created', 'ids']);
    const decodedFolders = decodeImportFoldersResult(folders);
    const rest = await owner.client
      .from('categories')
      .select('id,name')
      .eq('user_id', owner.userId)
      .in('name', ['Imported A', 'Imported B']);
    expect(rest.error).toBeNull();
    const idOf = (name: string) => rest.data?.find((c) => c.name === name)?.id;
    expect(decodedFolders).toEqual({ ids: [idOf('Imported A'), idOf('Imported B')], created: 2 });

    const links = await rpcJson(
      owner.client.rpc('import_links', {
        links: [
          { title: 'Imported', url: 'https://decoders.example.com/imported', description: null, folder_id: decodedFolders.ids[0] },
          { title: 'Already saved', url: full.url, description: null, folder_id: null },
        ],
      }),
    );
    expect(sortedKeys(links)).toEqual(sortedKeys(decodeImportLinksResult(links)));
    expect(decodeImportLinksResult(links)).toEqual(links);
    expect(decodeImportLinksResult(links)).toMatchObject({ inserted: 1, skipped: 1 });
  });
});
