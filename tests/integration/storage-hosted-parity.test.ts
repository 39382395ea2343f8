// Storage answers that must be hosted Supabase Storage's own (its source: storage/limits.ts for
// sizes, the bucket routes' response schema, object.ts and storage.search_v2 for list-v2,
// renderer/image.ts for X-Transformations), through supabase-js and raw HTTP.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testStack } from '../setup/stack-info.ts';
import { blobOf, clientWith, newUser, PNG_1X1, storageUrl } from './storage-helpers.ts';

const service = () => clientWith(testStack().serviceRoleKey);

const png64x32 = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describe('buckets', () => {
  it("fileSizeLimit sizes use Storage's decimal units: '20mb' is 20,000,000 bytes", async () => {
    const id = `tp-size-${Date.now()}`;
    const made = await service().storage.createBucket(id, { public: false, fileSizeLimit: '20mb' });
    expect(made.error).toBeNull();
    expect((await service().storage.getBucket(id)).data?.file_size_limit).toBe(20_000_000);
    // Three significant digits, as Storage rounds them; KB is 1,000 bytes.
    expect((await service().storage.updateBucket(id, { public: false, fileSizeLimit: '1.2345KB' })).error).toBeNull();
    expect((await service().storage.getBucket(id)).data?.file_size_limit).toBe(1230);
    // No spaces, a unit required; above the upload limit is too large.
    expect((await service().storage.updateBucket(id, { public: false, fileSizeLimit: '20 MB' })).error).toMatchObject({
      status: 400,
      message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    });
    expect((await service().storage.updateBucket(id, { public: false, fileSizeLimit: '100GB' })).error).toMatchObject({ status: 413 });
    expect((await service().storage.deleteBucket(id)).error).toBeNull();
  });

  it('GET /bucket/{id} answers Storage\'s fields (no owner_id, no type; a missing owner is ""), GET /bucket adds type', async () => {
    const id = `tp-fields-${Date.now()}`;
    expect((await service().storage.createBucket(id, { public: true, allowedMimeTypes: ['image/png'] })).error).toBeNull();
    const res = await fetch(storageUrl(`/bucket/${id}`), {
      headers: { apikey: testStack().serviceRoleKey, Authorization: `Bearer ${testStack().serviceRoleKey}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'file_size_limit',
      'allowed_mime_types',
      'created_at',
      'updated_at',
    ]);
    expect(body).toMatchObject({ id, name: id, owner: '', public: true, file_size_limit: null, allowed_mime_types: ['image/png'] });
    const listed = (await service().storage.listBuckets({ search: id })).data!;
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0])).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'type',
      'file_size_limit',
      'allowed_mime_types',
      'created_at',
      'updated_at',
    ]);
    expect((await service().storage.deleteBucket(id)).error).toBeNull();
  });
});

describe('list-v2', () => {
  it("folder keys are the folder's own name without '/', names are full paths; a flat listing has no keys", async () => {
    const alice = newUser();
    for (const f of ['a.png', 'sub/d.png', 'sub/deeper/e.png', 'zed/f.png'])
      expect((await alice.client.storage.from('t-private').upload(`${alice.sub}/${f}`, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    const bucket = alice.client.storage.from('t-private');
    const tree = await bucket.listV2({ prefix: `${alice.sub}/`, with_delimiter: true });
    expect(tree.error).toBeNull();
    expect(tree.data!.folders).toEqual([
      { key: 'sub', name: `${alice.sub}/sub/`, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
      { key: 'zed', name: `${alice.sub}/zed/`, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
    ]);
    expect(tree.data!.objects.map((o) => [o.key, o.name])).toEqual([['a.png', `${alice.sub}/a.png`]]);
    // One level down, and a prefix that is not a whole folder name.
    const sub = await bucket.listV2({ prefix: `${alice.sub}/sub/`, with_delimiter: true });
    expect(sub.data!.folders.map((f) => [f.key, f.name])).toEqual([['deeper', `${alice.sub}/sub/deeper/`]]);
    expect(sub.data!.objects.map((o) => o.key)).toEqual(['d.png']);
    const partial = await bucket.listV2({ prefix: `${alice.sub}/s`, with_delimiter: true });
    expect(partial.data!.folders.map((f) => f.key)).toEqual(['sub']);
    // Sorted by a date, a folder carries its oldest object's created_at.
    const byDate = await bucket.listV2({ prefix: `${alice.sub}/`, with_delimiter: true, sortBy: { column: 'created_at', order: 'asc' } });
    expect(byDate.data!.folders.every((f) => typeof (f as { created_at?: unknown }).created_at === 'string')).toBe(true);
    // Flat: every object, full names, no key.
    const flat = await bucket.listV2({ prefix: `${alice.sub}/`, limit: 3 });
    expect(flat.data!.objects.map((o) => o.name)).toEqual(['a.png', 'sub/d.png', 'sub/deeper/e.png'].map((f) => `${alice.sub}/${f}`));
    expect(flat.data!.objects.every((o) => !('key' in o))).toBe(true);
    expect(flat.data).toMatchObject({ hasNext: true, nextCursorKey: `${alice.sub}/sub/deeper/e.png` });
  });
});

describe('image transformations: X-Transformations', () => {
  it('a signed transformed URL (and every render) says what was applied, as hosted Storage does', async () => {
    const alice = newUser();
    const path = `${alice.sub}/x.png`;
    expect((await alice.client.storage.from('t-private').upload(path, blobOf(await png64x32(), 'image/png'))).error).toBeNull();
    const signed = await alice.client.storage
      .from('t-private')
      .createSignedUrl(path, 60, { transform: { width: 16, height: 8, quality: 60 } });
    expect(signed.error).toBeNull();
    const r = await fetch(signed.data!.signedUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-transformations')).toBe('height:8,width:16,resizing_type:fill,quality:60');
    // Storage's token keeps the options in its own form.
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { transformations: string };
    expect(claims.transformations).toBe('height:8,width:16,quality:60');
    // Public and authenticated renders too; contain is imgproxy's "fit", fill its "force".
    const pub = `${alice.sub}/pub.png`;
    expect((await alice.client.storage.from('t-icons').upload(pub, blobOf(await png64x32(), 'image/png'))).error).toBeNull();
    const fit = await fetch(storageUrl(`/render/image/public/t-icons/${pub}?width=10&resize=contain&format=webp`));
    expect(fit.headers.get('x-transformations')).toBe('width:10,resizing_type:fit,format:webp');
    expect(fit.headers.get('content-type')).toBe('image/webp');
    const dl = await fetch(storageUrl(`/render/image/authenticated/t-icons/${pub}?height=4&resize=fill`), {
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    expect(dl.headers.get('x-transformations')).toBe('height:4,resizing_type:force');
    // Without options nothing was applied: no header.
    const plain = await fetch(storageUrl(`/render/image/public/t-icons/${pub}`));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-transformations')).toBeNull();
  });
});
