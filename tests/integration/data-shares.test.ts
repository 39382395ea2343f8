import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorToast } from '../../shared/data/errors.ts';
import { listCategories } from '../../shared/data/categories/api.ts';
import {
  acceptIncomingShare,
  approveLink,
  listIncomingShares,
  pendingIncomingCount,
  rejectIncomingShare,
} from '../../shared/data/incoming/api.ts';
import { saveLink } from '../../shared/data/links/api.ts';
import { setUsername } from '../../shared/data/profiles/api.ts';
import { listOutgoingShares, searchUsernames, shareLink, withdrawShare } from '../../shared/data/shares/api.ts';
import { linkSchema } from '../../shared/schemas/link.ts';
import { shareFormSchema } from '../../shared/schemas/share.ts';
import { dataUser, readAsService, type DataUser } from './data-setup.ts';

let a: DataUser;
let b: DataUser;
/** A bystander: neither sender nor recipient. */
let c: DataUser;
let bUsername: string;

beforeAll(async () => {
  [a, b, c] = await Promise.all([
    dataUser({ firstName: 'Ann', lastName: 'Sender' }),
    dataUser({ firstName: 'Bea', lastName: 'Receiver' }),
    dataUser({ firstName: 'Cy', lastName: 'Bystander' }),
  ]);
  const suffix = b.userId.slice(0, 8);
  bUsername = `bea_${suffix}`;
  await setUsername(b.client, b.userId, bUsername);
  await setUsername(a.client, a.userId, `ann_${a.userId.slice(0, 8)}`);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut(), c?.client.auth.signOut()]);
});

const newLink = async (user: DataUser, slug: string) =>
  (
    await saveLink(user.client, {
      input: linkSchema.parse({ title: `Shared ${slug}`, url: `${slug}.share.example.com`, description: 'd' }),
    })
  ).link;

describe('username suggestions', () => {
  it('finds at most 5 usernames by prefix (case-insensitive) with names, never the caller, nothing under 2 characters', async () => {
    const found = await searchUsernames(a.client, `BEA_${b.userId.slice(0, 4)}`);
    expect(found).toEqual([{ username: bUsername, first_name: 'Bea', last_name: 'Receiver' }]);
    expect(await searchUsernames(a.client, 'b')).toEqual([]);
    expect(await searchUsernames(b.client, bUsername)).toEqual([]);
    expect((await searchUsernames(a.client, 'be')).length).toBeLessThanOrEqual(5);
  });
});

describe("sharing into another user's inbox (share-link function) and accepting/rejecting there", () => {
  it('shares by username; the recipient sees it, accepts it into a folder; the sender sees it outgoing', async () => {
    const link = await newLink(a, 'accept');
    await shareLink(a.client, {
      linkId: link.id,
      form: shareFormSchema.parse({ shareType: 'username', recipient: `@${bUsername}`, message: 'Look' }),
    });

    const [row] = await readAsService('shared_links', 'link_id', link.id);
    expect(row).toMatchObject({
      sender_id: a.userId,
      recipient_username: bUsername,
      recipient_user_id: b.userId,
      status: 'pending',
      message: 'Look',
    });
    expect((await readAsService('links', 'id', link.id))[0].share_count).toBe(1);

    const outgoing = await listOutgoingShares(a.client, a.userId);
    expect(outgoing.find((s) => s.link_id === link.id)?.link?.title).toBe('Shared accept');
    // A bystander sees nothing of it, neither as outgoing nor as incoming.
    expect(await listOutgoingShares(c.client, a.userId)).toEqual([]);
    expect((await listIncomingShares(c.client, null)).some((i) => i.link_id === link.id)).toBe(false);

    expect(await pendingIncomingCount(b.client)).toBeGreaterThanOrEqual(1);
    const incoming = await listIncomingShares(b.client);
    const item = incoming.find((i) => i.link_id === link.id)!;
    expect(item).toMatchObject({ title: 'Shared accept', sender_name: 'Ann Sender', status: 'pending', message: 'Look' });
    // The sender's inbox does not contain it.
    expect((await listIncomingShares(a.client)).some((i) => i.link_id === link.id)).toBe(false);

    const folders = await listCategories(b.client, b.userId);
    const saved = folders.find((c) => c.system_key === 'saved')!;
    const approved = folders.find((c) => c.system_key === 'approved')!;
    const accepted = await acceptIncomingShare(b.client, { sharedLinkId: item.shared_link_id, destinationCategoryId: saved.id });
    expect(accepted.outcome).toBe('inserted');
    expect(accepted.link).toMatchObject({ user_id: b.userId, url: link.url, category_id: saved.id, second_category_id: approved.id });
    const [after] = await readAsService('shared_links', 'id', item.shared_link_id);
    expect(after.status).toBe('accepted');
  });

  it("a second share to the same recipient gets the spec's duplicate text", async () => {
    const link = await newLink(a, 'dup');
    const form = shareFormSchema.parse({ shareType: 'username', recipient: bUsername });
    await shareLink(a.client, { linkId: link.id, form });
    const error = await shareLink(a.client, { linkId: link.id, form }).catch((e: unknown) => e);
    expect(errorToast('link.share', error)).toEqual({
      title: 'Error',
      description: 'This link has already been shared with this recipient.',
    });
    expect(await readAsService('shared_links', 'link_id', link.id)).toHaveLength(1);
  });

  it("a user cannot share someone else's link", async () => {
    const link = await newLink(a, 'notyours');
    const error = await shareLink(b.client, {
      linkId: link.id,
      form: shareFormSchema.parse({ shareType: 'email', recipient: a.email }),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: 'You can only share your own links.' });
    expect(await readAsService('shared_links', 'link_id', link.id)).toHaveLength(0);
  });

  it('rejecting moves a copy to REJECTED and marks the share rejected for the sender; approving moves it to APPROVED', async () => {
    const link = await newLink(a, 'reject');
    await shareLink(a.client, { linkId: link.id, form: shareFormSchema.parse({ shareType: 'email', recipient: b.email.toUpperCase() }) });
    const item = (await listIncomingShares(b.client)).find((i) => i.link_id === link.id)!;
    expect(item).toBeDefined();
    // The sender cannot reject it on the recipient's behalf.
    await expect(rejectIncomingShare(a.client, item.shared_link_id)).rejects.toMatchObject({
      code: 'PT404',
      message: 'Shared link not found.',
    });

    const rejected = await rejectIncomingShare(b.client, item.shared_link_id);
    expect(rejected.outcome).toBe('inserted');
    const folders = await listCategories(b.client, b.userId);
    expect(rejected.link.category_id).toBe(folders.find((c) => c.system_key === 'rejected')!.id);
    expect(await readAsService('shared_links', 'id', item.shared_link_id)).toMatchObject([{ status: 'rejected' }]);
    expect((await listOutgoingShares(a.client, a.userId)).find((s) => s.id === item.shared_link_id)?.status).toBe('rejected');
    expect((await listIncomingShares(b.client)).map((i) => i.shared_link_id)).not.toContain(item.shared_link_id);

    expect(await approveLink(a.client, rejected.link.id)).toBeNull();
    const approved = await approveLink(b.client, rejected.link.id);
    expect(approved?.category_id).toBe(folders.find((c) => c.system_key === 'approved')!.id);
  });

  it('the sender can withdraw a share (a bystander cannot); the recipient then no longer sees it', async () => {
    const link = await newLink(a, 'withdraw');
    await shareLink(a.client, { linkId: link.id, form: shareFormSchema.parse({ shareType: 'username', recipient: bUsername }) });
    const share = (await listOutgoingShares(a.client, a.userId)).find((s) => s.link_id === link.id)!;
    expect(await withdrawShare(c.client, share.id)).toBe(false);
    expect(await readAsService('shared_links', 'id', share.id)).toHaveLength(1);
    expect(await withdrawShare(a.client, share.id)).toBe(true);
    expect((await listIncomingShares(b.client)).some((i) => i.link_id === link.id)).toBe(false);
  });

  it('the outgoing list reads every share in pages, newest first, each with its status', async () => {
    const shared: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const link = await newLink(a, `paged-${n}`);
      await shareLink(a.client, {
        linkId: link.id,
        form: shareFormSchema.parse({ shareType: 'email', recipient: `paged-${n}@example.test` }),
      });
      shared.push(link.id);
    }
    const everything = await listOutgoingShares(a.client, a.userId);
    const paged = await listOutgoingShares(a.client, a.userId, { pageSize: 2 });
    expect(paged.map((s) => s.id)).toEqual(everything.map((s) => s.id));
    expect(paged.length).toBeGreaterThanOrEqual(5);
    expect(new Set(paged.map((s) => s.id)).size).toBe(paged.length);
    expect(paged.filter((s) => shared.includes(s.link_id)).map((s) => s.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(await listOutgoingShares(a.client, a.userId, { pageSize: 2, max: 3 })).toHaveLength(3);
  });
});
