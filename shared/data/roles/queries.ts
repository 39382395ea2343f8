import { queryOptions } from '@tanstack/react-query';
import { ADMIN_ROLE } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { listRoles } from './api.ts';
import { roleKeys } from './keys.ts';

export const roleQueries = {
  list: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: roleKeys.list(userId), queryFn: () => listRoles(client, userId), staleTime: 5 * 60_000 }),
  /** `useQuery(roleQueries.isAdmin(client, id)).data` is true for admins. */
  isAdmin: (client: DataClient, userId: string) =>
    queryOptions({
      queryKey: roleKeys.list(userId),
      queryFn: () => listRoles(client, userId),
      staleTime: 5 * 60_000,
      select: (roles: string[]) => roles.includes(ADMIN_ROLE),
    }),
};
