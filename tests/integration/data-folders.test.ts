import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, findSystemCategory } from '../../shared/data/categories/api.ts';
import { getFolder } from '../../shared/data/categories/folder.ts';
import { DataError } from '../../shared/data/errors.ts';
import { acceptIncomingShare, approveLink, rejectIncomingShare } from '../../shared/data/incoming/api.ts';
import { copyLink, listFolderLinks, listLinks, moveLink, saveLink } from '../../shared/data/links/api.ts';
import { linkSchema } from '../../shared/schemas/link.ts';
import { serviceClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser, readAsService, type DataUser } from './data-setup.ts';

/** The folder view's data calls (get_folder, folder links, copy/move/accept/reject/approve). */

let a: DataUser;
let b: DataUser;

beforeAll(async () => {
  [a, b] = await Promise.all([dataUser({ firstName: 'Fay', lastName: 'Folder' }), dataUser()]);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut()]);
});

const save = (user: DataUser, title: string, url: string, categoryId?: string) =>
  saveLink(user.client, { input: linkSchema.parse({ title, url, categoryId: categoryId ?? '' }) }).then((r) => r.link);

describe('get_folder', () => {
  it('returns the folder, its breadcrumb, its link count and its subfolders with counts', async () => {
    const top = await createCategory(a.client, { name: 'Top' });
    const mid = await createCategory(a.client, { name: 'Mid', parentId: top.id });
    const leaf = await createCategory(a.client, { name: 'Leaf', parentId: mid.id });
    await save(a, 'In mid', 'mid.example.com', mid.id);
    await save(a, 'In leaf 1', 'leaf1.example.com', leaf.id);
    await save(a, 'In leaf 2', 'leaf2.example.com', leaf.id);

    const ctx = await getFolder(a.client, leaf.id);
    expect(ctx?.folder).toMatchObject({ id: leaf.id, name: 'Leaf', parent_category_id: mid.id });
    expect(ctx?.ancestors).toEqual([
      { id: top.id, name: 'Top' },
      { id: mid.id, name: 'Mid' },
    ]);
    expect(ctx?.link_count).toBe(2);

    const midCtx = await getFolder(a.client, mid.id);
    expect(midCtx?.link_count).toBe(1);
    expect(midCtx?.subfolders.map((s) => [s.name, s.link_count])).toEqual([['Leaf', 2]]);
  });

  it("is null for another user's folder, a missing id and a non-id (never another user's data)", async () => {
    const mine = await createCategory(a.client, { name: 'Private folder' });
    await save(a, 'Secret', 'secret.example.com', mine.id);
    expect(await getFolder(b.client, mine.id)).toBeNull();
    expect(await listFolderLinks(b.client, b.userId, mine.id)).toEqual([]);
    expect(await listFolderLinks(b.client, a.userId, mine.id)).toEqual([]);
    expect(await getFolder(a.client, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await getFolder(a.client, 'not-a-folder')).toBeNull();
    // Positive control: the owner sees it.
    expect((await getFolder(a.client, mine.id))?.link_count).toBe(1);
  });

  it('the incoming folder lists APPROVED and REJECTED as its subfolders', async () => {
    const incoming = await findSystemCategory(a.client, a.userId, 'incoming');
    const ctx = await getFolder(a.client, incoming!.id);
    expect(ctx?.subfolders.map((s) => s.system_key).sort()).toEqual(['approved', 'rejected']);
  });
});

describe('RPC errors are 4xx with a readable message', () => {
  it("copy_link to someone else's folder, move of a missing link, accept of a missing share: 404", async () => {
    const link = await save(a, 'Copy me', 'copyme.example.com');
    const bFolder = await createCategory(b.client, { name: 'B only' });
    const copyError = await copyLink(a.client, { sourceLinkId: link.id, destinationCategoryId: bFolder.id }).catch((e: unknown) => e);
    expect(copyError).toBeInstanceOf(DataError);
    expect(copyError).toMatchObject({ code: 'PT404', message: 'Destination folder not found.' });

    const missing = '00000000-0000-4000-8000-000000000001';
    const moveError = await moveLink(a.client, {
      items: [
        { id: missing, created_at: new Date().toISOString() },
        { id: link.id, created_at: link.created_at },
      ],
      id: missing,
      direction: 'end',
    }).catch((e: unknown) => e);
    expect(moveError).toMatchObject({ code: 'PT404', message: 'Link not found.' });

    const acceptError = await acceptIncomingShare(a.client, { sharedLinkId: missing, destinationCategoryId: bFolder.id }).catch(
      (e: unknown) => e,
    );
    expect(acceptError).toMatchObject({ code: 'PT404', message: 'Shared link not found.' });
    const rejectError = await rejectIncomingShare(a.client, missing).catch((e: unknown) => e);
    expect(rejectError).toMatchObject({ code: 'PT404' });

    // The raw HTTP status, as a browser sees it.
    const { url, anonKey } = testStack();
    const { data } = await a.client.auth.getSession();
    const res = await fetch(`${url}/rest/v1/rpc/copy_link`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source_link_id: link.id, destination_category_id: bFolder.id }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('Destination folder not found.');
  });
});

describe('copy to folder: the three outcomes', () => {
  it('inserted, exists → replaced, moved', async () => {
    const src = await createCategory(a.client, { name: 'Copy source' });
    const dest = await createCategory(a.client, { name: 'Copy dest' });
    const other = await createCategory(a.client, { name: 'Copy other' });
    const original = await save(a, 'Original', 'https://dup.example.com/page', src.id);

    // B shares nothing; A copies a link of its own whose URL is already in the destination:
    const inDest = await save(a, 'Already there', 'https://indest.example.com/', dest.id);
    const exists = await copyLink(a.client, { sourceLinkId: inDest.id, destinationCategoryId: dest.id });
    expect(exists.outcome).toBe('exists');
    const replaced = await copyLink(a.client, { sourceLinkId: inDest.id, destinationCategoryId: dest.id, replaceExisting: true });
    expect(replaced.outcome).toBe('replaced');

    // Same URL elsewhere (the original in src) is moved to the destination.
    const moved = await copyLink(a.client, { sourceLinkId: original.id, destinationCategoryId: other.id });
    expect(moved.outcome).toBe('moved');
    expect((await readAsService('links', 'id', original.id))[0].second_category_id).toBe(other.id);

    // A link B shared with A is a new URL for A: inserted.
    const bLink = await save(b, 'From B', 'https://from-b.example.com/');
    await b.client.from('shared_links').insert({ link_id: bLink.id, sender_id: b.userId, recipient_email: a.email });
    const inserted = await copyLink(a.client, { sourceLinkId: bLink.id, destinationCategoryId: dest.id });
    expect(inserted.outcome).toBe('inserted');
    expect(inserted.link).toMatchObject({ user_id: a.userId, url: 'https://from-b.example.com/', second_category_id: dest.id });
  });
});

describe('accept, reject, approve', () => {
  it('accept into a chosen folder records APPROVED as second category; reject goes to REJECTED; approve moves it to APPROVED', async () => {
    const dest = await createCategory(a.client, { name: 'Accepted here' });
    const approved = await findSystemCategory(a.client, a.userId, 'approved');
    const rejected = await findSystemCategory(a.client, a.userId, 'rejected');
    const l1 = await save(b, 'Accept me', 'https://accept-me.example.com/');
    const l2 = await save(b, 'Reject me', 'https://reject-me.example.com/');
    const { data: shares, error } = await b.client
      .from('shared_links')
      .insert([
        { link_id: l1.id, sender_id: b.userId, recipient_email: a.email },
        { link_id: l2.id, sender_id: b.userId, recipient_email: a.email },
      ])
      .select('id,link_id');
    expect(error).toBeNull();
    const s1 = shares!.find((s) => s.link_id === l1.id)!.id;
    const s2 = shares!.find((s) => s.link_id === l2.id)!.id;

    const accepted = await acceptIncomingShare(a.client, { sharedLinkId: s1, destinationCategoryId: dest.id });
    expect(accepted.outcome).toBe('inserted');
    expect(accepted.link).toMatchObject({ category_id: dest.id, second_category_id: approved!.id, user_id: a.userId });
    expect((await getFolder(a.client, approved!.id))?.link_count).toBeGreaterThanOrEqual(1);

    const rejectedResult = await rejectIncomingShare(a.client, s2);
    expect(rejectedResult.link).toMatchObject({ category_id: rejected!.id });
    // The share stays, marked rejected, so its sender sees what became of it.
    expect((await readAsService('shared_links', 'id', s2)).map((row) => row.status)).toEqual(['rejected']);

    const approvedLink = await approveLink(a.client, rejectedResult.link.id);
    expect(approvedLink).toMatchObject({ category_id: approved!.id });
    expect((await listFolderLinks(a.client, a.userId, rejected!.id)).map((l) => l.id)).not.toContain(rejectedResult.link.id);
    // B cannot approve A's link (0 rows, nothing changed).
    expect(await approveLink(b.client, rejectedResult.link.id)).toBeNull();
  });
});

describe('large folders', () => {
  it('2,500 links (over max_rows) are read in one call: all of them, newest first, no duplicates', async () => {
    const user = await dataUser();
    const folder = await createCategory(user.client, { name: 'Big' });
    const saved = await findSystemCategory(user.client, user.userId, 'saved');
    const newest = Date.now() - 3600_000;
    for (let start = 0; start < 2500; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, 2500 - start) }, (_, j) => ({
        user_id: user.userId,
        title: `Big ${start + j}`,
        url: `https://big.example/${start + j}`,
        category_id: saved!.id,
        second_category_id: folder.id,
        created_at: new Date(newest - (start + j) * 1000).toISOString(),
      }));
      const { error } = await serviceClient().from('links').insert(rows);
      expect(error).toBeNull();
    }
    const inFolder = await listFolderLinks(user.client, user.userId, folder.id);
    expect(inFolder).toHaveLength(2500);
    expect(new Set(inFolder.map((l) => l.id)).size).toBe(2500);
    expect(inFolder[0].title).toBe('Big 0');
    expect(inFolder[2499].title).toBe('Big 2499');
    expect((await listLinks(user.client, user.userId)).length).toBe(2500);
    expect((await getFolder(user.client, folder.id))?.link_count).toBe(2500);
    await user.client.auth.signOut();
  });
});
