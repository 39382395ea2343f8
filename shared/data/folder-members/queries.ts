import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getSharedFolder, listFolderInvitations, listFolderMembers, listSharedFolders, listSharedFolderTree } from './api.ts';
import { folderMemberKeys } from './keys.ts';

export const folderMemberQueries = {
  members: (client: DataClient, folderId: string) =>
    queryOptions({ queryKey: folderMemberKeys.members(folderId), queryFn: () => listFolderMembers(client, folderId) }),
  invitations: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: folderMemberKeys.invitations(userId), queryFn: () => listFolderInvitations(client) }),
  shared: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: folderMemberKeys.shared(userId), queryFn: () => listSharedFolders(client) }),
  folder: (client: DataClient, userId: string, folderId: string) =>
    queryOptions({ queryKey: folderMemberKeys.folder(userId, folderId), queryFn: () => getSharedFolder(client, folderId) }),
  tree: (client: DataClient, userId: string, rootId: string) =>
    queryOptions({ queryKey: folderMemberKeys.tree(userId, rootId), queryFn: () => listSharedFolderTree(client, rootId) }),
};
