export const publicFolderKeys = {
  all: ['public-folders'] as const,
  ofFolder: (folderId: string) => [...publicFolderKeys.all, 'folder', folderId] as const,
};
