/**
 * Helpers for the data-layer integration tests: real accounts (tests/setup/clients.ts) signed in
 * through the data layer's own client factory and signIn, so every call goes through shared/data.
 */
import '../setup/node-websocket.ts';
import { createMemoryStorage, createSupabaseClient, type DataClient } from '../../shared/data/client.ts';
import { signIn } from '../../shared/data/auth/api.ts';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';

export interface DataUser {
  client: DataClient;
  userId: string;
  email: string;
  password: string;
}

export function newDataClient(): DataClient {
  const { url, anonKey } = testStack();
  return createSupabaseClient({ url, anonKey, storage: createMemoryStorage() });
}

/** A confirmed account, signed in through shared/data (session in memory storage). */
export async function dataUser(opts: { firstName?: string; lastName?: string } = {}): Promise<DataUser> {
  const created = await createConfirmedUser(opts);
  await created.client.auth.signOut().catch(() => undefined);
  const client = newDataClient();
  const session = await signIn(client, { email: created.email, password: created.password });
  return { client, userId: session.user.id, email: created.email, password: created.password };
}

/** A service-role read, to check what really is in the database after an action. */
export async function readAsService<T>(table: string, column: string, value: string): Promise<T[]> {
  const { data, error } = await serviceClient().from(table).select('*').eq(column, value);
  if (error) throw new Error(error.message);
  return data as T[];
}

/** A tiny valid PNG (1x1). */
export function pngFile(name = 'icon.png'): File {
  const bytes = Uint8Array.from(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );
  return new File([bytes], name, { type: 'image/png' });
}
