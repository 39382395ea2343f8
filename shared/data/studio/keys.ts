export const studioKeys = {
  all: ['studio'] as const,
  details: () => [...studioKeys.all, 'detail'] as const,
  /** The user's webpage_settings. */
  detail: (userId: string) => [...studioKeys.details(), userId] as const,
  publicPages: () => [...studioKeys.all, 'public-page'] as const,
  /** get_public_page_by_slug, per viewer (the answer depends on who asks). */
  publicPage: (slug: string, viewerId: string | null) => [...studioKeys.publicPages(), slug.toLowerCase(), viewerId] as const,
  members: () => [...studioKeys.all, 'members'] as const,
};
