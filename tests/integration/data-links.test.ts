import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_NAME } from '../../shared/constants.ts';
import { getDefaultCategory, listCategories } from '../../shared/data/categories/api.ts';
import { errorToast } from '../../shared/data/errors.ts';
import {
  LINK_LIST_COLUMNS,
  copyLink,
  deleteLink,
  findDuplicate,
  getLink,
  listFolderLinks,
  listLinks,
  moveLink,
  recordLinkOpen,
  saveLink,
} from '../../shared/data/links/api.ts';
import { NEW_CATEGORY_OPTION, linkSchema } from '../../shared/schemas/link.ts';
import { dataUser, newDataClient, pngFile, readAsService, type DataUser } from './data-setup.ts';

let a: DataUser;
let b: DataUser;

beforeAll(async () => {
  [a, b] = await Promise.all([dataUser({ firstName: 'Ann' }), dataUser({ firstName: 'Bob' })]);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut()]);
});

const input = (values: Record<string, string>) => linkSchema.parse({ description: '', ...values });

describe('saveLink (RPC save_link through the data layer)', () => {
  it('adds https://, puts the link in the default category and a chosen folder in second_category_id', async () => {
    const saved = await getDefaultCategory(a.client, a.userId);
    expect(saved.name).toBe(DEFAULT_CATEGORY_NAME);
    const folder = await saveLink(a.client, {
      input: input({ title: 'Folder maker', url: 'maker.example.com', categoryId: NEW_CATEGORY_OPTION, newCategory: 'Reading' }),
    });
    expect(folder.outcome).toBe('inserted');
    expect(folder.categoryCreated).toBe(true);
    expect(folder.link.url).toBe('https://maker.example.com');
    expect(folder.link.category_id).toBe(saved.id);
    expect(folder.link.second_category_id).toBe(folder.categoryId);
    const categories = await listCategories(a.client, a.userId);
    expect(categories.map((c) => c.name)).toContain('Reading');
    expect(categories[0].is_default).toBe(true);

    // Choosing the default folder clears the second one (edit).
    const edited = await saveLink(a.client, {
      linkId: folder.link.id,
      input: input({ title: 'Folder maker 2', url: 'https://maker.example.com', categoryId: saved.id }),
    });
    expect(edited.outcome).toBe('updated');
    expect(edited.link.second_category_id).toBeNull();
    const [stored] = await readAsService('links', 'id', folder.link.id);
    expect(stored.title).toBe('Folder maker 2');
  });

  it('updates the existing link when the same URL is added again, by the shared duplicate rule', async () => {
    const first = await saveLink(a.client, { input: input({ title: 'Dup', url: 'https://dup.example.com' }) });
    // Root slash and fragment differ, but it is the same link under shared/rules/duplicate-url.ts.
    const again = await saveLink(a.client, { input: input({ title: 'Dup renamed', url: 'https://dup.example.com/#top' }) });
    expect(again.outcome).toBe('updated_existing');
    expect(again.link.id).toBe(first.link.id);
    expect(await findDuplicate(a.client, a.userId, 'dup.example.com/')).toMatchObject({ id: first.link.id });
    const rows = (await readAsService('links', 'user_id', a.userId)).filter((l) => l.url.includes('dup.example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0].title).toBe('Dup renamed');
  });

  it('never stores a non-http(s) URL', async () => {
    await expect(saveLink(a.client, { input: { title: 'x', url: 'javascript:alert(1)', description: '' } })).rejects.toMatchObject({
      code: 'invalid_url',
    });
    const rows = await readAsService('links', 'user_id', a.userId);
    expect(rows.some((l) => !/^https?:\/\//.test(l.url))).toBe(false);
  });

  it('uploads the icon to link-icons/{userId}/{timestamp}.png and stores its public URL', async () => {
    const result = await saveLink(a.client, { input: input({ title: 'With icon', url: 'icon.example.com' }), icon: pngFile() });
    expect(result.link.icon_url).toMatch(new RegExp(`/storage/v1/object/public/link-icons/${a.userId}/\\d+\\.png$`));
    const res = await fetch(result.link.icon_url!);
    expect(res.status).toBe(200);
  });

  it('refuses a wrong icon type with the spec toast, and a signed-out save with the login toast', async () => {
    const gif = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    const error = await saveLink(a.client, { input: input({ title: 'bad icon', url: 'bad-icon.example.com' }), icon: gif }).catch(
      (e: unknown) => e,
    );
    expect(errorToast('link.save', error)).toEqual({ title: 'Invalid file type', description: 'Please select a JPG, PNG, or GIF image.' });
    const signedOut = await saveLink(newDataClient(), { input: input({ title: 't', url: 'x.example.com' }) }).catch((e: unknown) => e);
    expect(errorToast('link.save', signedOut)).toEqual({ title: 'Error', description: 'You must be logged in to add links.' });
  });
});

describe('lists, open, move, copy, delete', () => {
  it("lists only the grid columns, newest first, and only the caller's links", async () => {
    await saveLink(b.client, { input: input({ title: 'B only', url: 'b-only.example.com' }) });
    const links = await listLinks(a.client, a.userId);
    expect(links.length).toBeGreaterThan(0);
    expect(Object.keys(links[0]).sort()).toEqual(LINK_LIST_COLUMNS.split(',').sort());
    expect(links.some((l) => l.title === 'B only')).toBe(false);
    const times = links.map((l) => Date.parse(l.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // Asking for B's links with A's session returns nothing (RLS).
    expect(await listLinks(a.client, b.userId)).toEqual([]);
  });

  it('reads the list in one call, exactly as a select of the same columns returns it; signed out it is refused', async () => {
    const folder = await saveLink(a.client, {
      input: input({
        title: 'One call',
        url: 'one-call.example.com',
        description: 'kept',
        categoryId: NEW_CATEGORY_OPTION,
        newCategory: 'One call',
      }),
    });
    const viaSelect = await a.client
      .from('links')
      .select(LINK_LIST_COLUMNS)
      .eq('user_id', a.userId)
      .eq('is_template', false)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true });
    expect(viaSelect.error).toBeNull();
    // Same rows, same order, same JSON for every value (timestamps, nulls, counts).
    expect(await listLinks(a.client, a.userId)).toEqual(viaSelect.data);
    const inFolder = await listFolderLinks(a.client, a.userId, folder.categoryId);
    expect(inFolder.map((l) => [l.title, l.description])).toEqual([['One call', 'kept']]);
    const anon = await newDataClient().rpc('list_links', { p_user_id: a.userId });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });

  it("counts an open with increment_link_access; another user's link is not counted", async () => {
    const { link } = await saveLink(a.client, { input: input({ title: 'Open me', url: 'open.example.com' }) });
    expect(await recordLinkOpen(a.client, link.id)).toBe(1);
    expect(await recordLinkOpen(a.client, link.id)).toBe(2);
    expect(await recordLinkOpen(b.client, link.id)).toBeNull();
    expect((await getLink(a.client, link.id))?.access_count).toBe(2);
  });

  it('moves with the shared reorder rule: right swaps created_at with the neighbour, beginning = newest + 60 s', async () => {
    const folder = await saveLink(a.client, {
      input: input({ title: 'm1', url: 'm1.example.com', categoryId: NEW_CATEGORY_OPTION, newCategory: 'Moves' }),
    });
    await saveLink(a.client, { input: input({ title: 'm2', url: 'm2.example.com', categoryId: folder.categoryId }) });
    await saveLink(a.client, { input: input({ title: 'm3', url: 'm3.example.com', categoryId: folder.categoryId }) });
    let items = await listFolderLinks(a.client, a.userId, folder.categoryId);
    expect(items.map((l) => l.title)).toEqual(['m3', 'm2', 'm1']);
    await moveLink(a.client, { items, id: items[0].id, direction: 'right', withinCategoryId: folder.categoryId });
    items = await listFolderLinks(a.client, a.userId, folder.categoryId);
    expect(items.map((l) => l.title)).toEqual(['m2', 'm3', 'm1']);
    const newest = Date.parse(items[0].created_at);
    await moveLink(a.client, { items, id: items[2].id, direction: 'beginning', withinCategoryId: folder.categoryId });
    items = await listFolderLinks(a.client, a.userId, folder.categoryId);
    expect(items[0].title).toBe('m1');
    expect(Date.parse(items[0].created_at)).toBe(newest + 60_000);
    // The first link cannot move left: nothing changes, no request.
    expect(await moveLink(a.client, { items, id: items[0].id, direction: 'left' })).toEqual([]);
  });

  it('copies a link into a folder and reports an existing one', async () => {
    const reading = (await listCategories(a.client, a.userId)).find((c) => c.name === 'Reading')!;
    const { link } = await saveLink(a.client, { input: input({ title: 'Copy me', url: 'copy.example.com' }) });
    const moved = await copyLink(a.client, { sourceLinkId: link.id, destinationCategoryId: reading.id });
    expect(moved.outcome).toBe('moved');
    const exists = await copyLink(a.client, { sourceLinkId: link.id, destinationCategoryId: reading.id });
    expect(exists.outcome).toBe('exists');
  });

  it('deletes own links; another user cannot delete them (0 rows, still there)', async () => {
    const { link } = await saveLink(a.client, { input: input({ title: 'Delete me', url: 'delete.example.com' }) });
    const refused = await deleteLink(b.client, link.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'not_found' });
    expect(await readAsService('links', 'id', link.id)).toHaveLength(1);
    await deleteLink(a.client, link.id);
    expect(await readAsService('links', 'id', link.id)).toHaveLength(0);
  });
});
