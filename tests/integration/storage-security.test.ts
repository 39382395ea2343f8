import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';
import { blobOf, clientWith, filesOnDisk, GIF_1X1, HTML_PAGE, newUser, PNG_1X1, storageUrl, SVG_WITH_SCRIPT } from './storage-helpers.ts';

/** A request exactly as written: fetch() would fold "../" before it leaves the client. */
function rawRequest(
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; json: unknown }> {
  const { url } = testStack();
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function publicBytes(bucket: string, objectPath: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(storageUrl(`/object/public/${bucket}/${objectPath}`));
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('storage security: content sniffing and bucket limits', () => {
  const alice = newUser();

  it('refuses an SVG declared as image/png in an image-only bucket (415, sniffed type named)', async () => {
    const { error } = await alice.client.storage.from('t-icons').upload(`${alice.sub}/evil.png`, blobOf(SVG_WITH_SCRIPT, 'image/png'));
    expect(error).toMatchObject({ status: 415, statusCode: '415', message: 'mime type image/svg+xml is not supported' });
    expect((await publicBytes('t-icons', `${alice.sub}/evil.png`)).status).toBe(404);
  });

  it('refuses an HTML page declared as image/png, sent as raw bytes too', async () => {
    const multipart = await alice.client.storage.from('t-icons').upload(`${alice.sub}/page.png`, blobOf(HTML_PAGE, 'image/png'));
    expect(multipart.error).toMatchObject({ status: 415, message: 'mime type text/html is not supported' });
    const raw = await alice.client.storage.from('t-icons').upload(`${alice.sub}/page2.png`, HTML_PAGE, { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ status: 415, message: 'mime type text/html is not supported' });
    const listed = await alice.client.storage.from('t-icons').list(alice.sub, { search: 'page' });
    expect(listed.data).toEqual([]);
    expect(filesOnDisk(`t-icons/${alice.sub}`).filter((f) => f.startsWith('page'))).toEqual([]);
  });

  it('accepts a real PNG whatever it is declared as, and stores the sniffed type', async () => {
    const { error } = await alice.client.storage.from('t-icons').upload(`${alice.sub}/declared-wrong.png`, blobOf(PNG_1X1, 'text/html'));
    expect(error).toBeNull();
    const res = await fetch(storageUrl(`/object/public/t-icons/${alice.sub}/declared-wrong.png`));
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a file over the bucket size limit (413) and keeps nothing', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG_1X1.length)]);
    const { error } = await alice.client.storage.from('t-icons').upload(`${alice.sub}/big.png`, blobOf(big, 'image/png'));
    expect(error).toMatchObject({ status: 413, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect((await publicBytes('t-icons', `${alice.sub}/big.png`)).status).toBe(404);
    // Far over the limit: refused from the declared length, before the body is read.
    const huge = Buffer.concat([PNG_1X1, Buffer.alloc(7 * 1024 * 1024)]);
    const raw = await alice.client.storage.from('t-icons').upload(`${alice.sub}/huge.png`, huge, { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size' });
    // Exactly at the limit is fine.
    const atLimit = big.subarray(0, 5 * 1024 * 1024);
    expect((await alice.client.storage.from('t-icons').upload(`${alice.sub}/at-limit.png`, blobOf(atLimit, 'image/png'))).error).toBeNull();
  });

  it('answers 404 Bucket not found for an unknown bucket', async () => {
    const { error } = await alice.client.storage.from('no-such-bucket').upload(`${alice.sub}/x.png`, blobOf(PNG_1X1, 'image/png'));
    expect(error).toMatchObject({ status: 404, message: 'Bucket not found' });
  });
});

describe('storage security: row-level security on storage.objects', () => {
  const alice = newUser();
  const mallory = newUser();
  const anon = clientWith();
  const victimPath = () => `${alice.sub}/avatar.png`;

  beforeAll(async () => {
    const { error } = await alice.client.storage.from('t-icons').upload(victimPath(), blobOf(PNG_1X1, 'image/png'));
    expect(error).toBeNull();
  });

  it("refuses an upload into another user's folder (403) and stores nothing", async () => {
    const { error } = await mallory.client.storage.from('t-icons').upload(`${alice.sub}/planted.png`, blobOf(PNG_1X1, 'image/png'));
    expect(error).toMatchObject({ status: 403, statusCode: '403', message: 'new row violates row-level security policy' });
    expect((await publicBytes('t-icons', `${alice.sub}/planted.png`)).status).toBe(404);
    expect(filesOnDisk(`t-icons/${alice.sub}`).some((f) => f.startsWith('planted.png'))).toBe(false);
  });

  it("refuses an overwrite (upsert and update) of another user's object; the bytes stay", async () => {
    const upsert = await mallory.client.storage.from('t-icons').upload(victimPath(), blobOf(GIF_1X1, 'image/gif'), { upsert: true });
    expect(upsert.error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' });
    const update = await mallory.client.storage.from('t-icons').update(victimPath(), blobOf(GIF_1X1, 'image/gif'));
    expect(update.error).toMatchObject({ status: 403 });
    const plain = await mallory.client.storage.from('t-icons').upload(victimPath(), blobOf(GIF_1X1, 'image/gif'));
    // The INSERT policy refuses before the unique key could tell whether the object exists.
    expect(plain.error).toMatchObject({ status: 403 });
    const after = await publicBytes('t-icons', victimPath());
    expect(after.status).toBe(200);
    expect(after.bytes.equals(PNG_1X1)).toBe(true);
    expect(filesOnDisk(`t-icons/${victimPath()}`)).toHaveLength(1);
  });

  it("removes nothing of another user's (bulk and single delete); the bytes are still served", async () => {
    const bulk = await mallory.client.storage.from('t-icons').remove([victimPath()]);
    expect(bulk.error).toBeNull();
    expect(bulk.data).toHaveLength(0);
    const single = await fetch(storageUrl(`/object/t-icons/${victimPath()}`), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${mallory.token}`, apikey: testStack().anonKey },
    });
    expect(single.status).toBe(404);
    const after = await publicBytes('t-icons', victimPath());
    expect(after.status).toBe(200);
    expect(after.bytes.equals(PNG_1X1)).toBe(true);
    const listed = await alice.client.storage.from('t-icons').list(alice.sub, { search: 'avatar' });
    expect(listed.data!.map((o) => o.name)).toEqual(['avatar.png']);
  });

  it("refuses to move another user's object out of their folder", async () => {
    const move = await mallory.client.storage.from('t-icons').move(victimPath(), `${mallory.sub}/stolen.png`);
    // Another user's object is not there for Mallory (RLS hides it), so there is nothing to move.
    expect(move.error).toMatchObject({ status: 404, message: 'Object not found' });
    expect((await publicBytes('t-icons', victimPath())).status).toBe(200);
    expect((await publicBytes('t-icons', `${mallory.sub}/stolen.png`)).status).toBe(404);
  });

  it('refuses anonymous uploads (anon key only)', async () => {
    const { error } = await anon.storage.from('t-icons').upload(`${alice.sub}/anon.png`, blobOf(PNG_1X1, 'image/png'));
    expect(error).toMatchObject({ status: 403 });
    const anonRemove = await anon.storage.from('t-icons').remove([victimPath()]);
    expect(anonRemove.data).toHaveLength(0);
    expect((await publicBytes('t-icons', victimPath())).status).toBe(200);
  });

  it('keeps private-bucket objects to their owner', async () => {
    const p = `${alice.sub}/secret.png`;
    expect((await alice.client.storage.from('t-private').upload(p, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    const viaPublicUrl = await fetch(storageUrl(`/object/public/t-private/${p}`));
    expect(viaPublicUrl.status).toBe(404);
    expect(await viaPublicUrl.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' });
    expect((await mallory.client.storage.from('t-private').download(p)).error).toMatchObject({ status: 404 });
    expect((await mallory.client.storage.from('t-private').list(alice.sub)).data).toEqual([]);
    expect((await mallory.client.storage.from('t-private').createSignedUrl(p, 60)).error).toMatchObject({ status: 404 });
    expect((await anon.storage.from('t-private').list(alice.sub)).data).toEqual([]);
    const own = await alice.client.storage.from('t-private').download(p);
    expect(Buffer.from(await own.data!.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });
});

describe('storage security: paths, tokens, bad input', () => {
  const alice = newUser();
  const auth = () => ({ Authorization: `Bearer ${alice.token}`, apikey: testStack().anonKey, 'Content-Type': 'image/png' });

  it('refuses path traversal in every spelling (400) and writes nothing outside the bucket', async () => {
    const before = filesOnDisk(`t-icons/${alice.sub}`).length;
    const attempts = [
      `/storage/v1/object/t-icons/${alice.sub}/../../../escape.png`,
      `/storage/v1/object/t-icons/${alice.sub}/%2e%2e/%2e%2e/escape.png`,
      `/storage/v1/object/t-icons/${alice.sub}/..%2F..%2Fescape.png`,
      `/storage/v1/object/t-icons/${alice.sub}/..%5C..%5Cescape.png`,
      `/storage/v1/object/t-icons/${alice.sub}/a\\..\\escape.png`,
      `/storage/v1/object/t-icons/${alice.sub}/nul%00.png`,
      `/storage/v1/object/t-icons/${alice.sub}//empty-segment.png`,
      `/storage/v1/object/t-icons/%2Fetc%2Fescape.png`,
      `/storage/v1/object/t-icons/${alice.sub}/./dot.png`,
    ];
    for (const p of attempts) {
      const r = await rawRequest('POST', p, auth(), PNG_1X1);
      expect({ p, status: r.status }).toEqual({ p, status: 400 });
      expect(r.json).toMatchObject({ statusCode: '400' });
    }
    expect(filesOnDisk(`t-icons/${alice.sub}`).length).toBe(before);
    expect(filesOnDisk().filter((f) => /escape|empty-segment|dot\.png|nul/.test(f))).toEqual([]);
    expect(fs.existsSync(path.join(testStack().dataDir, 'escape.png'))).toBe(false);
    expect(fs.existsSync(path.join(testStack().dataDir, 'storage', 'escape.png'))).toBe(false);

    const viaClient = await alice.client.storage.from('t-icons').upload(`${alice.sub}/..%2Fx.png`, blobOf(PNG_1X1, 'image/png'));
    expect(viaClient.error).toMatchObject({ status: 400 });
    const readBack = await rawRequest('GET', `/storage/v1/object/public/t-icons/${alice.sub}/../../t-private/x.png`, {});
    expect(readBack.status).toBe(400);
  });

  it('refuses a forged JWT (other secret) and an expired one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signJwt({ sub: alice.sub, role: 'authenticated', exp: now + 3600 }, 'not-the-secret-not-the-secret-not-the-secret');
    const bad = await clientWith(forged).storage.from('t-icons').upload(`${alice.sub}/forged.png`, blobOf(PNG_1X1, 'image/png'));
    expect(bad.error).toMatchObject({ status: 403, statusCode: '403', message: 'invalid signature' });

    const forgedRole = signJwt({ role: 'service_role', exp: now + 3600 }, 'not-the-secret-not-the-secret-not-the-secret');
    expect((await clientWith(forgedRole).storage.from('t-private').list('')).error).toMatchObject({
      status: 403,
      message: 'invalid signature',
    });

    const { token: expired } = mintUserToken({ sub: alice.sub, expiresIn: -10 });
    const late = await clientWith(expired).storage.from('t-icons').upload(`${alice.sub}/late.png`, blobOf(PNG_1X1, 'image/png'));
    expect(late.error).toMatchObject({ status: 403, message: 'jwt expired' });
    expect((await publicBytes('t-icons', `${alice.sub}/forged.png`)).status).toBe(404);
    expect((await publicBytes('t-icons', `${alice.sub}/late.png`)).status).toBe(404);
  });

  it('answers malformed JSON and malformed list options with 400, never 500', async () => {
    const headers = { ...auth(), 'Content-Type': 'application/json' };
    const broken = await fetch(storageUrl('/object/list/t-icons'), { method: 'POST', headers, body: '{"prefix": ' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ statusCode: '400', message: 'Body is not valid JSON' });
    for (const body of [
      '[1,2]',
      '{"prefix": 5}',
      '{"limit": -1}',
      '{"sortBy": {"column": "name; drop table storage.objects"}}',
      '{"sortBy": {"order": "sideways"}}',
    ]) {
      const r = await fetch(storageUrl('/object/list/t-icons'), { method: 'POST', headers, body });
      expect({ body, status: r.status }).toEqual({ body, status: 400 });
    }
    const removeBad = await fetch(storageUrl('/object/t-icons'), { method: 'DELETE', headers, body: '{"prefixes": "all"}' });
    expect(removeBad.status).toBe(400);
    const badMultipart = await fetch(storageUrl(`/object/t-icons/${alice.sub}/m.png`), {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: 'garbage',
    });
    expect(badMultipart.status).toBe(400);
    const badEscape = await fetch(storageUrl(`/object/t-icons/${alice.sub}/%E0%A4%A.png`), {
      method: 'POST',
      headers: auth(),
      body: new Uint8Array(PNG_1X1),
    });
    expect(badEscape.status).toBe(400);
    const noToken = await fetch(storageUrl(`/object/t-icons/${alice.sub}/x.png`), { method: 'POST', body: new Uint8Array(PNG_1X1) });
    expect(noToken.status).toBe(400);
    const unknownRoute = await fetch(storageUrl('/nothing-here'), { headers: auth() });
    expect(unknownRoute.status).toBe(404);
  });

  it('escapes LIKE wildcards in list search', async () => {
    expect((await alice.client.storage.from('t-icons').upload(`${alice.sub}/plain.png`, blobOf(PNG_1X1, 'image/png'))).error).toBeNull();
    expect((await alice.client.storage.from('t-icons').list(alice.sub, { search: '%' })).data).toEqual([]);
    expect((await alice.client.storage.from('t-icons').list(alice.sub, { search: 'pl' })).data!.map((o) => o.name)).toEqual(['plain.png']);
  });
});
