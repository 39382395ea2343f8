/**
 * Helpers for the data-layer integration tests: real accounts (tests/setup/clients.ts) signed in
 * through the data layer's own client factory and signIn, so every call goes through shared/data.
 */
import '../setup/node-websocket.ts';
import { createMemoryStorage, createSupabaseClient, type DataClient } from '../../shared/data/client.ts';
import { signIn } from '../../shared/data/auth/api.ts';
import type { TableName, Tables } from '../../shared/data/database.ts';
import { createConfirmedUser, untypedClient } from '../setup/clients.ts';
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

/** A service-role read, to check what really is in the database after an action: the table's rows whose `column` is `value`. */
export async function readAsService<T extends TableName>(table: T, column: keyof Tables<T> & string, value: string): Promise<Tables<T>[]> {
  const { url, serviceRoleKey } = testStack();
  // The typed client cannot resolve a table that is a type parameter: read untyped, and type the
  // answer as what `select('*')` of that table is.
  const name: string = column;
  const { data, error } = await untypedClient(url, serviceRoleKey).from(table).select('*').eq(name, value);
  if (error) throw new Error(error.message);
  return data;
}

/** A tiny valid PNG (1x1). */
export function pngFile(name = 'icon.png'): File {
  const bytes = Uint8Array.from(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );
  return new File([bytes], name, { type: 'image/png' });
}
