import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, serviceClient, type ConfirmedUser, type TestClient } from '../setup/clients.ts';
import { totpCode } from '../../shared/rules/totp.ts';
import { GIF_1X1, PNG_1X1, blobOf } from './storage-helpers.ts';

/**
 * The two-factor gate beyond RLS (migration 20261204900100_mfa_pre_request_gate.sql): PostgREST's
 * db-pre-request refuses every API request of a password-only (aal1) session of an account with a
 * verified factor, security definer functions included, and a restrictive policy on storage.objects
 * keeps its files. The same account at aal2, accounts without factors and signed-out callers of the
 * public page functions are unaffected.
 */

const GATE = { code: 'PT401', message: 'Enter your two-factor code to continue.' };
const BUCKET = 'main-photos';

const created: string[] = [];
afterAll(async () => {
  for (const id of created) await serviceClient().auth.admin.deleteUser(id);
});

async function account(): Promise<ConfirmedUser> {
  const u = await createConfirmedUser();
  created.push(u.user.id);
  return u;
}

async function signedIn(u: ConfirmedUser): Promise<TestClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (error) throw new Error(error.message);
  return client;
}

/** An account with a verified factor: `u.client` is at aal2, `aal1` a password-only session of it. */
let twoFactor: ConfirmedUser;
let aal1: TestClient;
let photo: string;

beforeAll(async () => {
  twoFactor = await account();
  const { data, error } = await twoFactor.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (error) throw new Error(error.message);
  const verified = await twoFactor.client.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: await totpCode(data.totp.secret, Date.now()),
  });
  if (verified.error) throw new Error(verified.error.message);
  photo = `${twoFactor.user.id}/gate.png`;
  const up = await twoFactor.client.storage.from(BUCKET).upload(photo, blobOf(PNG_1X1, 'image/png'), { contentType: 'image/png' });
  if (up.error) throw new Error(up.error.message);
  aal1 = await signedIn(twoFactor);
  const level = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
  expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
});

describe('the two-factor gate (db-pre-request and storage)', () => {
  it('refuses an aal1 session every API call, security definer functions included, with 401 and a readable message', async () => {
    const listed = await aal1.rpc('list_links', { p_user_id: twoFactor.user.id });
    expect(listed.status).toBe(401);
    expect(listed.error).toMatchObject(GATE);
    // Security definer functions skip RLS: only the gate stops them.
    const shared = await aal1.rpc('list_shared_folders');
    expect(shared.status).toBe(401);
    expect(shared.error).toMatchObject(GATE);
    const table = await aal1.from('profiles').select('user_id').eq('user_id', twoFactor.user.id);
    expect(table.status).toBe(401);
    expect(table.error).toMatchObject(GATE);
  });

  it('an aal1 session writes nothing: a security definer write and a table write change no row', async () => {
    const token = await aal1.rpc('create_api_token', { p_name: 'from aal1', p_scope: 'read_write' });
    expect(token.error).toMatchObject(GATE);
    const tag = await aal1.from('tags').insert({ user_id: twoFactor.user.id, name: 'aal1 tag' });
    expect(tag.error).toMatchObject(GATE);
    const service = serviceClient();
    expect((await service.from('api_tokens').select('id').eq('user_id', twoFactor.user.id)).data).toEqual([]);
    expect((await service.from('tags').select('id').eq('user_id', twoFactor.user.id)).data).toEqual([]);
  });

  it("an aal1 session cannot list, download, overwrite or delete the account's files", async () => {
    const files = aal1.storage.from(BUCKET);
    expect((await files.download(photo)).data).toBeNull();
    expect((await files.list(twoFactor.user.id)).data ?? []).toEqual([]);
    const overwrite = await files.upload(photo, blobOf(GIF_1X1, 'image/gif'), { upsert: true, contentType: 'image/gif' });
    expect(overwrite.error?.message).toMatch(/row-level security/);
    const added = await files.upload(`${twoFactor.user.id}/other.png`, blobOf(PNG_1X1, 'image/png'), { contentType: 'image/png' });
    expect(added.error?.message).toMatch(/row-level security/);
    await files.remove([photo]);

    // Re-read as the service role: the one file, unchanged.
    const service = serviceClient().storage.from(BUCKET);
    expect(((await service.list(twoFactor.user.id)).data ?? []).map((f) => f.name)).toEqual(['gate.png']);
    const kept = await service.download(photo);
    expect(Buffer.from(await kept.data!.arrayBuffer())).toEqual(PNG_1X1);
  });

  it('the same account at aal2 reads, calls and downloads', async () => {
    const listed = await twoFactor.client.rpc('list_links', { p_user_id: twoFactor.user.id });
    expect(listed.error).toBeNull();
    expect((await twoFactor.client.rpc('list_shared_folders')).error).toBeNull();
    const own = await twoFactor.client.from('profiles').select('user_id').eq('user_id', twoFactor.user.id);
    expect(own.data).toEqual([{ user_id: twoFactor.user.id }]);
    const file = await twoFactor.client.storage.from(BUCKET).download(photo);
    expect(file.error).toBeNull();
    expect(Buffer.from(await file.data!.arrayBuffer())).toEqual(PNG_1X1);
  });

  it('an account without factors is unaffected at aal1', async () => {
    const u = await account();
    expect((await u.client.rpc('list_links', { p_user_id: u.user.id })).error).toBeNull();
    const token = await u.client.rpc('create_api_token', { p_name: 'no factor', p_scope: 'read' });
    expect(token.error).toBeNull();
    expect((await serviceClient().from('api_tokens').select('name').eq('user_id', u.user.id)).data).toEqual([{ name: 'no factor' }]);
    const path = `${u.user.id}/plain.png`;
    expect((await u.client.storage.from(BUCKET).upload(path, blobOf(PNG_1X1, 'image/png'), { contentType: 'image/png' })).error).toBeNull();
    expect((await u.client.storage.from(BUCKET).download(path)).error).toBeNull();
  });

  it('signed-out callers of the public page functions are unaffected', async () => {
    const anon = anonClient();
    const page = await anon.rpc('get_public_page_by_slug', { slug_param: `nobody-${twoFactor.user.id.slice(0, 8)}` });
    expect(page.error).toBeNull();
    const links = await anon.rpc('get_public_page_links', { slug_param: `nobody-${twoFactor.user.id.slice(0, 8)}` });
    expect(links.error).toBeNull();
  });
});
