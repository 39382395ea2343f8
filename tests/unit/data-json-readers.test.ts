import { describe, expect, expectTypeOf, it } from 'vitest';
import { decodeFolder } from '../../shared/data/categories/decode.ts';
import type { OverridesMatchTheSchema, RpcRow, Tables } from '../../shared/data/database.ts';
import { CLIENT_ERROR_CODES, DataError, errorToast, unwrap } from '../../shared/data/errors.ts';
import { decodeImportFoldersResult, decodeImportLinksResult } from '../../shared/data/import-export/decode.ts';
import { decodeAcceptShareResult, decodeRejectShareResult } from '../../shared/data/incoming/decode.ts';
import { arrayOf, boolean, nullable, number, object, oneOf, string } from '../../shared/data/json-reader.ts';
import {
  LINK_LIST_COLUMNS,
  LINK_LIST_VALUE_COUNT,
  decodeCopyLinkResult,
  decodeFolderLinkList,
  decodeLinkList,
  decodeSaveLinkResult,
  type LinkListItem,
} from '../../shared/data/links/decode.ts';
import type { LinkRow } from '../../shared/data/types.ts';

/**
 * The readers the data layer decodes Json-returning RPCs with (shared/data/json-reader.ts and each
 * entity's decode.ts). What the SQL functions really send is checked against them in
 * tests/integration/data-rpc-json.test.ts; here: named fields from positions, and a clear
 * 'unexpected_response' error (never a wrong value on screen) for anything else.
 */

const values = (id: string): unknown[] => [
  id,
  `Title ${id}`,
  `https://${id}.example/`,
  null,
  4,
  2,
  '2025-01-01T00:00:00+00:00',
  '2025-01-02T00:00:00+00:00',
  'cat-1',
  null,
  'https://x.example/storage/v1/object/public/link-previews/f.png',
  null,
];

const linkRow: LinkRow = {
  id: 'l1',
  user_id: 'u1',
  title: 'T',
  url: 'https://t.example/',
  description: null,
  category_id: 'c1',
  second_category_id: null,
  icon_url: null,
  access_count: 0,
  share_count: 0,
  created_at: '2025-01-01T00:00:00+00:00',
  updated_at: '2025-01-01T00:00:00+00:00',
  is_template: false,
  template_source_id: null,
  ai_enhanced: false,
  favicon_url: null,
  preview_image_url: null,
  preview_description: null,
  preview_fetched_at: null,
  preview_site_name: null,
};

/** The DataError a decoder throws, or fails the test. */
function thrown(fn: () => unknown): DataError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DataError);
    return error as DataError;
  }
  throw new Error('expected the decoder to throw');
}

describe('list_links / list_folder_links decoders', () => {
  it('name every position as LINK_LIST_COLUMNS does', () => {
    const [item] = decodeLinkList([values('a')]);
    expect(Object.keys(item)).toEqual(LINK_LIST_COLUMNS.split(','));
    expect(item).toEqual({
      id: 'a',
      title: 'Title a',
      url: 'https://a.example/',
      icon_url: null,
      access_count: 4,
      share_count: 2,
      created_at: '2025-01-01T00:00:00+00:00',
      updated_at: '2025-01-02T00:00:00+00:00',
      category_id: 'cat-1',
      second_category_id: null,
      favicon_url: 'https://x.example/storage/v1/object/public/link-previews/f.png',
      preview_image_url: null,
    } satisfies LinkListItem);
    expect(LINK_LIST_COLUMNS.split(',')).toHaveLength(LINK_LIST_VALUE_COUNT);
  });

  it('read a folder link with its description after the list values', () => {
    expect(decodeFolderLinkList([[...values('b'), 'About b']])[0]).toMatchObject({ id: 'b', description: 'About b' });
    expect(decodeFolderLinkList([[...values('c'), null]])[0].description).toBeNull();
  });

  it('read null and [] as no links, and keep the order', () => {
    expect(decodeLinkList(null)).toEqual([]);
    expect(decodeLinkList([])).toEqual([]);
    expect(decodeLinkList([values('x'), values('y')]).map((l) => l.id)).toEqual(['x', 'y']);
  });

  it('accept values a newer server appends (an older client still reads its own)', () => {
    expect(decodeLinkList([[...values('z'), 'extra']])[0].id).toBe('z');
  });

  it('refuse a short row, a wrong type or a keyed object, naming the place', () => {
    const short = thrown(() => decodeLinkList([values('a'), values('b').slice(0, 11)]));
    expect(short.code).toBe(CLIENT_ERROR_CODES.unexpectedResponse);
    expect(short.message).toContain('list_links[1] should be an array of 12 values');

    const swapped = values('a');
    [swapped[4], swapped[6]] = [swapped[6], swapped[4]];
    expect(thrown(() => decodeLinkList([swapped])).message).toContain('list_links[0].access_count should be a number');

    const missingDescription = thrown(() => decodeFolderLinkList([values('a')]));
    expect(missingDescription.message).toContain('list_folder_links[0] should be an array of 13 values');

    expect(thrown(() => decodeLinkList({ id: 'a' })).message).toContain('list_links should be an array');
    expect(thrown(() => decodeLinkList([{ id: 'a' }])).message).toContain('list_links[0] should be an array of 12 values');
  });

  it('fail as a client error whose toast is the generic one, not the technical message', () => {
    const error = thrown(() => decodeLinkList([[1]]));
    expect(error.source).toBe('client');
    expect(error.fromServer).toBe(false);
    expect(errorToast('link.save', error).description).not.toContain('list_links');
  });

  it('decode 10,000 links, each in its place (the dashboard reads them in one call)', () => {
    const big = Array.from({ length: 10_000 }, (_, i) => values(`id-${i}`));
    const decoded = decodeLinkList(big);
    expect(decoded).toHaveLength(10_000);
    expect(decoded[9_999].id).toBe('id-9999');
  });
});

describe('object decoders', () => {
  it('save_link and copy_link: the outcome and the whole link row', () => {
    const saved = { outcome: 'updated_existing', link: linkRow, category_created: false, category_id: 'c1' };
    expect(decodeSaveLinkResult(saved)).toEqual(saved);
    expect(decodeCopyLinkResult({ outcome: 'exists', link: linkRow })).toEqual({ outcome: 'exists', link: linkRow });
  });

  it('refuse an outcome the client does not know, and a link with a missing column', () => {
    expect(
      thrown(() => decodeSaveLinkResult({ outcome: 'merged', link: linkRow, category_created: false, category_id: 'c' })).message,
    ).toBe('Unexpected answer from the server: save_link.outcome should be one of inserted, updated, updated_existing, not "merged".');
    const { preview_site_name: _, ...withoutColumn } = linkRow;
    expect(thrown(() => decodeCopyLinkResult({ outcome: 'moved', link: withoutColumn })).message).toContain(
      'copy_link.link.preview_site_name should be a string, not missing',
    );
    expect(thrown(() => decodeCopyLinkResult(null)).message).toContain('copy_link should be an object, not null');
  });

  it('leave out members a newer server adds', () => {
    expect(decodeCopyLinkResult({ outcome: 'moved', link: { ...linkRow, new_column: 1 }, extra: true })).toEqual({
      outcome: 'moved',
      link: linkRow,
    });
  });

  it('accept and reject', () => {
    const accepted = { outcome: 'moved', link: linkRow, shared_link_id: 's1' };
    expect(decodeAcceptShareResult(accepted)).toEqual(accepted);
    expect(decodeRejectShareResult({ outcome: 'already_rejected', link: linkRow })).toEqual({ outcome: 'already_rejected', link: linkRow });
    expect(thrown(() => decodeRejectShareResult({ outcome: 'moved', link: linkRow })).message).toContain('reject_incoming_share.outcome');
  });

  it('get_folder: null stays null; subfolders carry their counts', () => {
    expect(decodeFolder(null)).toBeNull();
    const folder = {
      id: 'f',
      user_id: 'u',
      name: 'F',
      is_default: false,
      is_template: false,
      icon_url: null,
      parent_category_id: null,
      display_order: 0,
      ai_enhanced: false,
      system_key: null,
    };
    const context = { folder, ancestors: [{ id: 'p', name: 'P' }], link_count: 3, subfolders: [{ ...folder, id: 's', link_count: 1 }] };
    expect(decodeFolder(context)).toEqual(context);
    expect(thrown(() => decodeFolder({ ...context, folder: { ...folder, system_key: 'archive' } })).message).toContain(
      'get_folder.folder.system_key should be one of saved, incoming, approved, rejected',
    );
    expect(thrown(() => decodeFolder({ ...context, subfolders: [folder] })).message).toContain('get_folder.subfolders[0].link_count');
  });

  it('import_folders and import_links', () => {
    expect(decodeImportFoldersResult({ ids: ['a', null], created: 1 })).toEqual({ ids: ['a', null], created: 1 });
    expect(decodeImportLinksResult({ inserted: 2, skipped: 0, over_quota: 1 })).toEqual({ inserted: 2, skipped: 0, over_quota: 1 });
    expect(thrown(() => decodeImportFoldersResult({ ids: [1], created: 1 })).message).toContain('import_folders.ids[0] should be a string');
  });
});

describe('the readers', () => {
  it('check each JSON type', () => {
    expect(string('a', 'x')).toBe('a');
    expect(number(1.5, 'x')).toBe(1.5);
    expect(boolean(false, 'x')).toBe(false);
    expect(nullable(string)(null, 'x')).toBeNull();
    expect(oneOf(['a', 'b'] as const)('b', 'x')).toBe('b');
    expect(arrayOf(number)([1, 2], 'x')).toEqual([1, 2]);
    expect(thrown(() => number(Number.NaN, 'x')).message).toContain('x should be a number');
    expect(thrown(() => string(undefined, 'x', 'k')).message).toContain('x.k should be a string, not missing');
    expect(thrown(() => boolean('true', 'x', 2)).message).toContain('x[2] should be true or false, not "true"');
  });

  it('are typed by the row they read: a reader must read every column, each with its exact type', () => {
    const readPair = object<{ a: string; b: number | null }>({ a: string, b: nullable(number) });
    expectTypeOf(readPair).returns.toEqualTypeOf<{ a: string; b: number | null }>();
    // @ts-expect-error a nullable column needs nullable(...): `number` alone would refuse the nulls the server sends
    object<{ b: number | null }>({ b: number });
    // @ts-expect-error every column of the row must be read
    object<{ a: string; b: number }>({ a: string });
  });
});

describe('unwrap and the narrowed schema types', () => {
  it('unwrap answers the success branch of a supabase-js result', () => {
    type Answer = { data: string[]; error: null } | { data: null; error: { message: string } };
    const ok: Answer = { data: ['x'], error: null };
    expectTypeOf(unwrap(ok)).toEqualTypeOf<string[]>();
    expect(unwrap(ok)).toEqual(['x']);
    const failed: Answer = { data: null, error: { message: 'nope' } };
    expect(() => unwrap(failed)).toThrow(DataError);
  });

  it('CHECK-constrained columns are their unions; nullable RETURNS TABLE columns are nullable', () => {
    expectTypeOf<OverridesMatchTheSchema>().toBeNever();
    expectTypeOf<Tables<'categories'>['system_key']>().toEqualTypeOf<'saved' | 'incoming' | 'approved' | 'rejected' | null>();
    expectTypeOf<Tables<'shared_links'>['status']>().toEqualTypeOf<'pending' | 'accepted' | 'rejected'>();
    expectTypeOf<Tables<'user_roles'>['role']>().toEqualTypeOf<'admin'>();
    expectTypeOf<Tables<'webpage_settings'>['theme_mode']>().toEqualTypeOf<'light' | 'dark' | 'neon' | 'pastel'>();
    expectTypeOf<RpcRow<'list_incoming_shares'>['sender_email']>().toEqualTypeOf<string | null>();
    expectTypeOf<RpcRow<'list_incoming_shares'>['sender_name']>().toEqualTypeOf<string>();
    expectTypeOf<RpcRow<'get_public_page_by_slug'>['main_photo_size']>().toEqualTypeOf<
      'x-large' | 'large' | 'medium' | 'small' | 'none' | null
    >();
  });
});
