// Storage behaviours that must match hosted Supabase Storage (what passes here must work there),
// through supabase-js.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testStack } from '../setup/stack-info.ts';
import { blobOf, clientWith, newUser, PNG_1X1, storageUrl } from './storage-helpers.ts';

const service = () => clientWith(testStack().serviceRoleKey);

/** A real 64x32 PNG (opaque red), made with the same image library the stack renders with. */
const png64x32 = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#d22' } })
    .png()
    .toBuffer();

describe('storage fidelity: bucket writes go through storage.buckets RLS', () => {
  it('a user creates a bucket only where an INSERT policy allows it, and deletes it where a DELETE policy does', async () => {
    const alice = newUser();
    const id = `tu-${alice.sub.slice(0, 8)}`;
    // No policy allows "x-..." buckets for users: refused by RLS (403), and nothing was created.
    const refused = await alice.client.storage.createBucket(`x-${alice.sub.slice(0, 8)}`);
    expect(refused.error).toMatchObject({ status: 403 });
    expect((await service().storage.getBucket(`x-${alice.sub.slice(0, 8)}`)).error).toMatchObject({ status: 404 });
    // The fixture policy allows tu-... buckets owned by the caller.
    const made = await alice.client.storage.createBucket(id, { public: false });
    expect(made.error).toBeNull();
    const row = await service().storage.getBucket(id);
    expect(row.data).toMatchObject({ id, public: false, owner: alice.sub });
    // Another user sees nothing and cannot delete it.
    const bob = newUser();
    expect((await bob.client.storage.getBucket(id)).error).toMatchObject({ status: 404 });
    expect((await bob.client.storage.deleteBucket(id)).error).toMatchObject({ status: 404 });
    // No UPDATE policy: the owner cannot change it (404 as hosted: the update touched no row).
    expect((await alice.client.storage.updateBucket(id, { public: true })).error).toMatchObject({ status: 404 });
    expect((await service().storage.getBucket(id)).data).toMatchObject({ public: false });
    expect((await alice.client.storage.deleteBucket(id)).error).toBeNull();
    expect((await service().storage.getBucket(id)).error).toMatchObject({ status: 404 });
  });
});

describe('storage fidelity: signed upload URLs (createSignedUploadUrl / uploadToSignedUrl)', () => {
  it('signs for a path the caller may write, and the upload needs no session', async () => {
    const alice = newUser();
    const path = `${alice.sub}/signed.png`;
    const signed = await alice.client.storage.from('t-icons').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data!.path).toBe(path);
    expect(signed.data!.signedUrl).toContain('/storage/v1/object/upload/sign/t-icons/');
    // Uploaded by a client with only the anon key.
    const anon = clientWith();
    const up = await anon.storage.from('t-icons').uploadToSignedUrl(path, signed.data!.token, blobOf(PNG_1X1, 'image/png'));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `t-icons/${path}` });
    const listed = await alice.client.storage.from('t-icons').list(alice.sub);
    expect(listed.data!.map((o) => [o.name, o.metadata?.mimetype])).toEqual([['signed.png', 'image/png']]);
    // The owner is the signer.
    const info = await alice.client.storage.from('t-icons').info(path);
    expect(info.error).toBeNull();
    // Without upsert, a second upload with the same token is a duplicate.
    const again = await anon.storage.from('t-icons').uploadToSignedUrl(path, signed.data!.token, blobOf(PNG_1X1, 'image/png'));
    expect(again.error).toMatchObject({ status: 409, message: 'The resource already exists' });
  });

  it('refuses to sign where the caller may not write, and a token opens only its own path', async () => {
    const alice = newUser();
    const bob = newUser();
    const intoBob = await alice.client.storage.from('t-icons').createSignedUploadUrl(`${bob.sub}/x.png`);
    expect(intoBob.error).toMatchObject({ status: 403 });
    const signed = await alice.client.storage.from('t-icons').createSignedUploadUrl(`${alice.sub}/a.png`);
    expect(signed.error).toBeNull();
    const elsewhere = await clientWith()
      .storage.from('t-icons')
      .uploadToSignedUrl(`${alice.sub}/b.png`, signed.data!.token, blobOf(PNG_1X1, 'image/png'));
    expect(elsewhere.error).toMatchObject({ status: 400, message: 'The url do not match the signature' });
    const forged = await clientWith()
      .storage.from('t-icons')
      .uploadToSignedUrl(`${alice.sub}/a.png`, `${signed.data!.token}x`, blobOf(PNG_1X1, 'image/png'));
    expect(forged.error).toMatchObject({ status: 400, message: 'invalid signature' });
    // Our stricter sniffing holds on this path too: HTML bytes are not an image.
    const html = await clientWith()
      .storage.from('t-icons')
      .uploadToSignedUrl(`${alice.sub}/a.png`, signed.data!.token, blobOf(Buffer.from('<!DOCTYPE html><script>1</script>'), 'image/png'));
    expect(html.error).toMatchObject({ status: 415, message: 'mime type text/html is not supported' });
    expect((await alice.client.storage.from('t-icons').list(alice.sub)).data).toEqual([]);
    // A signed upload token is not a download token.
    const dl = await fetch(storageUrl(`/object/sign/t-icons/${alice.sub}/a.png?token=${signed.data!.token}`));
    expect(dl.status).toBe(400);
  });
});

describe('storage fidelity: list-v2', () => {
  it('lists flat or by folder, pages with a cursor, and shows only what the SELECT policies allow', async () => {
    const alice = newUser();
    const files = ['a.png', 'b.png', 'c.png', 'sub/d.png', 'sub/deeper/e.png'];
    for (const f of files)
      expect((await alice.client.storage.from('t-private').upload(`${alice.sub}/${f}`, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    const bucket = alice.client.storage.from('t-private');
    const flat = await bucket.listV2({ prefix: `${alice.sub}/` });
    expect(flat.error).toBeNull();
    expect(flat.data!.hasNext).toBe(false);
    expect(flat.data!.folders).toEqual([]);
    expect(flat.data!.objects.map((o) => o.name)).toEqual(files.map((f) => `${alice.sub}/${f}`));
    const tree = await bucket.listV2({ prefix: `${alice.sub}/`, with_delimiter: true });
    // Keys are the names' segment at the prefix's level (hosted's search_v2); names are full.
    expect(tree.data!.folders.map((f) => [f.key, f.name])).toEqual([['sub', `${alice.sub}/sub/`]]);
    expect(tree.data!.objects.map((o) => [o.key, o.name])).toEqual(['a.png', 'b.png', 'c.png'].map((f) => [f, `${alice.sub}/${f}`]));
    expect(tree.data!.objects[0].metadata).toMatchObject({ mimetype: 'image/png', size: PNG_1X1.length });
    // Pages of two.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const r = await bucket.listV2({ prefix: `${alice.sub}/`, limit: 2, cursor });
      expect(r.error).toBeNull();
      seen.push(...r.data!.objects.map((o) => o.name));
      if (!r.data!.hasNext) break;
      cursor = r.data!.nextCursor;
    }
    expect(seen).toEqual(files.map((f) => `${alice.sub}/${f}`));
    const desc = await bucket.listV2({ prefix: `${alice.sub}/`, with_delimiter: true, sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.objects.map((o) => o.key)).toEqual(['c.png', 'b.png', 'a.png']);
    // Another user sees none of it (private bucket, owner-only policy).
    const bob = newUser();
    const other = await bob.client.storage.from('t-private').listV2({ prefix: `${alice.sub}/` });
    expect(other.data).toMatchObject({ hasNext: false, folders: [], objects: [] });
  });
});

describe('storage fidelity: image transformations (/render/image)', () => {
  it('resizes a public image by width/height/resize, converts to WebP only when accepted, and keeps the format with format=origin', async () => {
    const alice = newUser();
    const path = `${alice.sub}/big.png`;
    expect((await alice.client.storage.from('t-icons').upload(path, blobOf(await png64x32(), 'image/png'))).error).toBeNull();
    // storage-js download with transform (authenticated render route).
    const dl = await alice.client.storage.from('t-icons').download(path, { transform: { width: 16, height: 16, resize: 'contain' } });
    expect(dl.error).toBeNull();
    const meta = await sharp(Buffer.from(await dl.data!.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([16, 16]);
    // Public URL with a transform: the render route; WebP for a client that accepts it.
    const url = alice.client.storage.from('t-icons').getPublicUrl(path, { transform: { width: 32, height: 8, resize: 'fill' } })
      .data.publicUrl;
    expect(url).toContain('/render/image/public/');
    const webp = await fetch(url, { headers: { Accept: 'image/webp,image/*' } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('x-content-type-options')).toBe('nosniff');
    const w = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([w.format, w.width, w.height]).toEqual(['webp', 32, 8]);
    const origin = await fetch(`${url}&format=origin`, { headers: { Accept: 'image/webp' } });
    expect(origin.headers.get('content-type')).toBe('image/png');
    const cover = await fetch(storageUrl(`/render/image/public/t-icons/${path}?width=10&height=10`));
    const c = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect([c.format, c.width, c.height]).toEqual(['png', 10, 10]);
    // Bad parameters are the caller's fault.
    expect((await fetch(storageUrl(`/render/image/public/t-icons/${path}?width=0`))).status).toBe(400);
    expect((await fetch(storageUrl(`/render/image/public/t-icons/${path}?resize=stretch`))).status).toBe(400);
  });

  it('a signed URL with a transform renders; the private bucket stays private without one', async () => {
    const alice = newUser();
    const path = `${alice.sub}/p.png`;
    expect((await alice.client.storage.from('t-private').upload(path, blobOf(await png64x32(), 'image/png'))).error).toBeNull();
    expect((await fetch(storageUrl(`/render/image/public/t-private/${path}?width=8`))).status).toBe(404);
    const signed = await alice.client.storage.from('t-private').createSignedUrl(path, 60, { transform: { width: 8, height: 8 } });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain('/render/image/sign/');
    const r = await fetch(signed.data!.signedUrl);
    expect(r.status).toBe(200);
    const m = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
    expect([m.width, m.height]).toEqual([8, 8]);
    // The render token does not open the untransformed object.
    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    expect((await fetch(storageUrl(`/object/sign/t-private/${path}?token=${token}`))).status).toBe(400);
  });
});
