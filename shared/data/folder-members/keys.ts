export const folderMemberKeys = {
  all: ['folder-members'] as const,
  members: (folderId: string) => [...folderMemberKeys.all, 'members', folderId] as const,
  invitations: (userId: string) => [...folderMemberKeys.all, 'invitations', userId] as const,
  shared: (userId: string) => [...folderMemberKeys.all, 'shared', userId] as const,
  folder: (userId: string, folderId: string) => [...folderMemberKeys.all, 'folder', userId, folderId] as const,
  tree: (userId: string, rootId: string) => [...folderMemberKeys.all, 'tree', userId, rootId] as const,
};
