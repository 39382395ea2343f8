import { describe, expect, it, beforeAll } from 'vitest';
import { testStack } from '../setup/stack-info.ts';
import { blobOf, clientWith, filesOnDisk, GIF_1X1, JPEG_HEAD, newUser, PNG_1X1, SVG_WITH_SCRIPT } from './storage-helpers.ts';

const bytesOf = async (blob: Blob | null) => Buffer.from(await blob!.arrayBuffer());

describe('storage: upload, list, download, public URL, upsert, remove (supabase-js)', () => {
  const alice = newUser();

  beforeAll(async () => {
    const { error } = await alice.client.storage.from('t-icons').upload(`${alice.sub}/icon.png`, blobOf(PNG_1X1, 'image/png'));
    expect(error).toBeNull();
  });

  it('uploads a File/Blob (multipart) and answers path, id and fullPath; the bytes land on disk', async () => {
    const { data, error } = await alice.client.storage.from('t-icons').upload(`${alice.sub}/second.png`, blobOf(PNG_1X1, 'image/png'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: `${alice.sub}/second.png`, fullPath: `t-icons/${alice.sub}/second.png` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const onDisk = filesOnDisk(`t-icons/${alice.sub}/second.png`);
    expect(onDisk).toHaveLength(1);
  });

  it('uploads raw bytes (ArrayBuffer) with a declared content type', async () => {
    const { error } = await alice.client.storage
      .from('t-icons')
      .upload(`${alice.sub}/raw.jpg`, new Uint8Array(JPEG_HEAD).buffer, { contentType: 'image/jpeg' });
    expect(error).toBeNull();
    const { data } = await alice.client.storage.from('t-icons').list(alice.sub, { search: 'raw' });
    expect(data!.map((o) => [o.name, o.metadata?.mimetype])).toEqual([['raw.jpg', 'image/jpeg']]);
  });

  it('lists a folder with storage-js shapes: files with metadata, sub-folders with id null', async () => {
    await alice.client.storage.from('t-icons').upload(`${alice.sub}/sub/deep.gif`, blobOf(GIF_1X1, 'image/gif'));
    const { data, error } = await alice.client.storage.from('t-icons').list(alice.sub, { sortBy: { column: 'name', order: 'asc' } });
    expect(error).toBeNull();
    const names = data!.map((o) => o.name);
    expect(names[0]).toBe('sub'); // folders first
    expect(data![0]).toMatchObject({ id: null, metadata: null, updated_at: null });
    expect(names).toContain('icon.png');
    const icon = data!.find((o) => o.name === 'icon.png')!;
    expect(icon.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(icon.created_at).toBeTruthy();
    expect(icon.updated_at).toBeTruthy();
    expect(icon.last_accessed_at).toBeTruthy();
    expect(icon.metadata).toMatchObject({
      mimetype: 'image/png',
      size: PNG_1X1.length,
      contentLength: PNG_1X1.length,
      httpStatusCode: 200,
      cacheControl: 'max-age=3600',
    });
    expect(icon.metadata?.eTag).toMatch(/^"[0-9a-f]{32}"$/);

    const root = await alice.client.storage.from('t-icons').list('', { limit: 1000 });
    expect(root.data!.find((o) => o.name === alice.sub)).toMatchObject({ id: null });

    const page = await alice.client.storage.from('t-icons').list(alice.sub, { limit: 1, offset: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.data![0].name).toBe(names[1]);
  });

  it('downloads the exact bytes', async () => {
    const { data, error } = await alice.client.storage.from('t-icons').download(`${alice.sub}/icon.png`);
    expect(error).toBeNull();
    expect((await bytesOf(data)).equals(PNG_1X1)).toBe(true);
  });

  it('serves the public URL without a token, with the sniffed type, nosniff, CSP and inline for a raster image', async () => {
    const { data } = alice.client.storage.from('t-icons').getPublicUrl(`${alice.sub}/icon.png`);
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition') ?? '').not.toMatch(/attachment/);
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const again = await fetch(data.publicUrl, { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('serves a GIF inline, and as an attachment when ?download is asked for', async () => {
    const path = `${alice.sub}/anim.gif`;
    expect((await alice.client.storage.from('t-icons').upload(path, blobOf(GIF_1X1, 'image/gif'))).error).toBeNull();
    const inline = await fetch(alice.client.storage.from('t-icons').getPublicUrl(path).data.publicUrl);
    expect(inline.headers.get('content-type')).toBe('image/gif');
    expect(inline.headers.get('content-disposition') ?? '').not.toMatch(/attachment/);
    const download = await fetch(alice.client.storage.from('t-icons').getPublicUrl(path, { download: 'my file.gif' }).data.publicUrl);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="my file\.gif"/);
  });

  it('stores what the bytes are in a permissive bucket and serves non-raster types as attachments', async () => {
    const svgPath = `${alice.sub}/looks-like.png`;
    const up = await alice.client.storage.from('t-open').upload(svgPath, blobOf(SVG_WITH_SCRIPT, 'image/png'));
    expect(up.error).toBeNull();
    const res = await fetch(alice.client.storage.from('t-open').getPublicUrl(svgPath).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="looks-like\.png"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');

    const textPath = `${alice.sub}/notes.txt`;
    expect((await alice.client.storage.from('t-open').upload(textPath, 'just some notes', { contentType: 'text/html' })).error).toBeNull();
    const text = await fetch(alice.client.storage.from('t-open').getPublicUrl(textPath).data.publicUrl);
    expect(text.headers.get('content-type')).toBe('text/plain');
    expect(text.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await text.text()).toBe('just some notes');
  });

  it('refuses a second upload to the same path (409 Duplicate) and overwrites with upsert', async () => {
    const path = `${alice.sub}/replace-me.png`;
    expect((await alice.client.storage.from('t-icons').upload(path, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    const dup = await alice.client.storage.from('t-icons').upload(path, blobOf(GIF_1X1, 'image/gif'));
    expect(dup.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' });

    const first = await alice.client.storage.from('t-icons').list(alice.sub, { search: 'replace-me' });
    const up = await alice.client.storage.from('t-icons').upload(path, blobOf(GIF_1X1, 'image/gif'), { upsert: true });
    expect(up.error).toBeNull();
    expect(up.data!.id).toBe(first.data![0].id); // same object, new content
    const { data } = await alice.client.storage.from('t-icons').download(path);
    expect((await bytesOf(data)).equals(GIF_1X1)).toBe(true);
    const res = await fetch(alice.client.storage.from('t-icons').getPublicUrl(path).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/gif');
    // The previous version's bytes are gone from disk: one file per object.
    expect(filesOnDisk(`t-icons/${path}`)).toHaveLength(1);

    const viaUpdate = await alice.client.storage.from('t-icons').update(path, blobOf(PNG_1X1, 'image/png'));
    expect(viaUpdate.error).toBeNull();
    expect((await bytesOf((await alice.client.storage.from('t-icons').download(path)).data)).equals(PNG_1X1)).toBe(true);
  });

  it('removes objects: answers the removed rows, then the object is gone (URL, list, disk)', async () => {
    const path = `${alice.sub}/remove-me.png`;
    expect((await alice.client.storage.from('t-icons').upload(path, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    const { data, error } = await alice.client.storage.from('t-icons').remove([path, `${alice.sub}/never-existed.png`]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual([path]);
    const res = await fetch(alice.client.storage.from('t-icons').getPublicUrl(path).data.publicUrl);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' });
    expect(filesOnDisk(`t-icons/${alice.sub}`).some((f) => f.startsWith('remove-me.png'))).toBe(false);
    const listed = await alice.client.storage.from('t-icons').list(alice.sub, { search: 'remove-me' });
    expect(listed.data).toEqual([]);
  });

  it('exists() and info() report on an object', async () => {
    const bucket = alice.client.storage.from('t-icons');
    expect((await bucket.exists(`${alice.sub}/icon.png`)).data).toBe(true);
    expect((await bucket.exists(`${alice.sub}/nope.png`)).data).toBe(false);
    const info = await bucket.info(`${alice.sub}/icon.png`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: `${alice.sub}/icon.png`, bucketId: 't-icons', size: PNG_1X1.length, contentType: 'image/png' });
  });

  it('moves and copies within the owner folder', async () => {
    const bucket = alice.client.storage.from('t-icons');
    expect((await bucket.upload(`${alice.sub}/m1.png`, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    const copy = await bucket.copy(`${alice.sub}/m1.png`, `${alice.sub}/m1-copy.png`);
    expect(copy.error).toBeNull();
    expect(copy.data!.path).toBe(`t-icons/${alice.sub}/m1-copy.png`);
    const move = await bucket.move(`${alice.sub}/m1.png`, `${alice.sub}/moved/m2.png`);
    expect(move.error).toBeNull();
    expect((await bucket.exists(`${alice.sub}/m1.png`)).data).toBe(false);
    expect((await bytesOf((await bucket.download(`${alice.sub}/moved/m2.png`)).data)).equals(PNG_1X1)).toBe(true);
    expect((await bytesOf((await bucket.download(`${alice.sub}/m1-copy.png`)).data)).equals(PNG_1X1)).toBe(true);
    expect(filesOnDisk(`t-icons/${alice.sub}`).some((f) => f.startsWith('m1.png'))).toBe(false);
  });

  it('signs a URL for a private object that works without a token, and refuses a tampered one', async () => {
    const path = `${alice.sub}/private.png`;
    expect((await alice.client.storage.from('t-private').upload(path, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    const { data, error } = await alice.client.storage.from('t-private').createSignedUrl(path, 60);
    expect(error).toBeNull();
    const ok = await fetch(data!.signedUrl);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const forgedTarget = data!.signedUrl.replace('private.png', 'other.png');
    const refused = await fetch(forgedTarget);
    expect(refused.status).toBe(400);
    const tampered = await fetch(data!.signedUrl.slice(0, -3) + 'AAA');
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: '400', message: 'invalid signature' });
  });

  it('lets the service role manage buckets and no one else', async () => {
    const service = clientWith(testStack().serviceRoleKey);
    const all = await service.storage.listBuckets();
    expect(all.error).toBeNull();
    expect(all.data!.find((b) => b.id === 't-icons')).toMatchObject({
      public: true,
      file_size_limit: 5242880,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/gif'],
    });
    expect((await alice.client.storage.getBucket('t-icons')).error).toMatchObject({ status: 404 });

    const refused = await alice.client.storage.createBucket('t-user-made', { public: true });
    expect(refused.error).toMatchObject({ status: 403 });
    expect((await service.storage.getBucket('t-user-made')).error).toMatchObject({ status: 404 });

    const made = await service.storage.createBucket('t-admin-made', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] });
    expect(made.error).toBeNull();
    expect((await service.storage.getBucket('t-admin-made')).data).toMatchObject({
      public: false,
      // Storage's units are decimal: 1MB is 1,000,000 bytes.
      file_size_limit: 1000000,
      allowed_mime_types: ['image/*'],
    });
    expect(
      (await service.storage.updateBucket('t-admin-made', { public: true, fileSizeLimit: 2048, allowedMimeTypes: ['image/png'] })).error,
    ).toBeNull();
    expect((await service.storage.getBucket('t-admin-made')).data).toMatchObject({
      public: true,
      file_size_limit: 2048,
      allowed_mime_types: ['image/png'],
    });
    expect((await service.storage.from('t-admin-made').upload('any/where.png', blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    expect((await service.storage.deleteBucket('t-admin-made')).error).toMatchObject({ status: 409 });
    // A private bucket the caller cannot see: 404, as hosted answers it (its SELECT policies hide it).
    expect((await alice.client.storage.emptyBucket('t-admin-made')).error).toMatchObject({ status: 404 });
    expect((await service.storage.emptyBucket('t-admin-made')).error).toBeNull();
    expect((await service.storage.deleteBucket('t-admin-made')).error).toBeNull();
    expect(filesOnDisk('t-admin-made')).toEqual([]);
    expect((await service.storage.getBucket('t-admin-made')).error).toMatchObject({ status: 404 });
  });
});
