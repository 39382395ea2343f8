import { ADMIN_ROLE, type UserRole } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';

/** The user's roles (user_roles: readable for one's own rows only). */
export async function listRoles(client: DataClient, userId: string): Promise<UserRole[]> {
  const rows = unwrap(await client.from('user_roles').select('role').eq('user_id', userId));
  return rows.map((row) => row.role);
}

/** Admin = a user_roles row with role 'admin' (no hard-coded e-mail: see docs/deviations.md). */
export async function isAdmin(client: DataClient, userId: string): Promise<boolean> {
  return (await listRoles(client, userId)).includes(ADMIN_ROLE);
}
