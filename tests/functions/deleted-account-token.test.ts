/**
 * After 'Delete my account' the access token the person still holds stays valid until it expires
 * (as on hosted Supabase), so it must not be able to write anything: no file in the app's buckets
 * (storage policies ask that the account exists), no row (foreign keys to auth.users).
 */
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../shared/data/account/api.ts';
import { serviceClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser } from '../integration/data-setup.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function upload(token: string, bucket: string, name: string, upsert = false): Promise<Response> {
  const { url, anonKey } = testStack();
  return fetch(`${url}/storage/v1/object/${bucket}/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'image/png', 'x-upsert': String(upsert) },
    body: new Uint8Array(PNG),
  });
}

async function storedObjects(userId: string) {
  const res = await serviceClient().rpc('account_storage_objects', { target_user_id: userId });
  if (res.error) throw new Error(res.error.message);
  return res.data;
}

describe("a deleted account's still-valid token", () => {
  it('cannot upload or replace a file in any app bucket, nor write a row', async () => {
    const user = await dataUser();
    const token = (await user.client.auth.getSession()).data.session!.access_token;
    const { url, anonKey } = testStack();

    // Positive control: while the account exists, the same request stores the file.
    const before = await upload(token, 'main-photos', `${user.userId}/before.png`);
    expect(before.status).toBe(200);
    await before.arrayBuffer();

    expect(await deleteAccount(user.client, { confirmation: 'DELETE', password: user.password })).toMatchObject({ success: true });
    expect(await storedObjects(user.userId)).toEqual([]);

    for (const bucket of ['main-photos', 'link-icons', 'category-icons', 'banner-backgrounds', 'message-images']) {
      for (const upsert of [false, true]) {
        const res = await upload(token, bucket, `${user.userId}/after-${upsert}.png`, upsert);
        expect(res.status, `${bucket} upsert=${upsert}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${bucket} upsert=${upsert}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
    expect(await storedObjects(user.userId)).toEqual([]);
    const publicUrl = `${url}/storage/v1/object/public/main-photos/${user.userId}/after-false.png`;
    expect((await fetch(publicUrl)).status).toBe(404);

    // Rows: the tables' foreign keys to auth.users refuse them (a 4xx, never a 500).
    const row = await fetch(`${url}/rest/v1/categories`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ name: 'Ghost folder', user_id: user.userId }),
    });
    expect(row.status).toBeGreaterThanOrEqual(400);
    expect(row.status).toBeLessThan(500);
    const { count } = await serviceClient().from('categories').select('id', { count: 'exact', head: true }).eq('user_id', user.userId);
    expect(count).toBe(0);
  });
});
