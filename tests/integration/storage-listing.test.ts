// Listing a public bucket must not reveal every user's id and file names: public objects stay
// readable by their URL; list (and the other policy-checked reads) is owner-only.
import { describe, expect, it, beforeAll } from 'vitest';
import { anonClient, createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { blobOf, PNG_1X1, storageUrl } from './storage-helpers.ts';

const BUCKETS = ['link-icons', 'category-icons', 'banner-backgrounds', 'main-photos', 'message-images'];

describe("storage: no listing of other people's files", () => {
  let alice: ConfirmedUser;
  let bob: ConfirmedUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    for (const bucket of BUCKETS) {
      const { error } = await alice.client.storage.from(bucket).upload(`${alice.user.id}/secret-name.png`, blobOf(PNG_1X1, 'image/png'));
      expect(error, bucket).toBeNull();
    }
  });

  it.each(BUCKETS)('%s: anon and another user list nothing of Alice; Alice lists her own; the public URL still serves', async (bucket) => {
    const anon = anonClient();
    for (const [who, client] of [
      ['anon', anon],
      ['bob', bob.client],
    ] as const) {
      const root = await client.storage.from(bucket).list('', { limit: 1000 });
      expect(root.error, who).toBeNull();
      expect(
        root.data!.map((e) => e.name),
        who,
      ).not.toContain(alice.user.id);
      const folder = await client.storage.from(bucket).list(alice.user.id);
      expect(folder.data ?? [], who).toEqual([]);
      // Nor can they read it through the policy-checked paths.
      const download = await client.storage.from(bucket).download(`${alice.user.id}/secret-name.png`);
      expect(download.data, who).toBeNull();
      const signed = await client.storage.from(bucket).createSignedUrl(`${alice.user.id}/secret-name.png`, 60);
      expect(signed.data, who).toBeNull();
    }
    const own = await alice.client.storage.from(bucket).list(alice.user.id);
    expect(own.data!.map((e) => e.name)).toEqual(['secret-name.png']);
    const rootOwn = await alice.client.storage.from(bucket).list('');
    expect(rootOwn.data!.map((e) => e.name)).toEqual([alice.user.id]);
    const pub = await fetch(storageUrl(`/object/public/${bucket}/${alice.user.id}/secret-name.png`));
    expect(pub.status).toBe(200);
    expect(Buffer.from(await pub.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('Alice can still replace (upsert) and remove her own file', async () => {
    const path = `${alice.user.id}/secret-name.png`;
    expect((await alice.client.storage.from('main-photos').upload(path, blobOf(PNG_1X1, 'image/png'), { upsert: true })).error).toBeNull();
    const removed = await alice.client.storage.from('main-photos').remove([path]);
    expect(removed.data!.map((o) => o.name)).toEqual([path]);
    expect((await fetch(storageUrl(`/object/public/main-photos/${path}`))).status).toBe(404);
  });
});
