export const studioKeys = {
  all: ['studio'] as const,
  details: () => [...studioKeys.all, 'detail'] as const,
  /** The user's webpage_settings. */
  detail: (userId: string) => [...studioKeys.details(), userId] as const,
  publicPages: () => [...studioKeys.all, 'public-page'] as const,
  /** get_public_page_by_slug, per viewer (the answer depends on who asks). */
  publicPage: (slug: string, viewerId: string | null) => [...studioKeys.publicPages(), slug.toLowerCase(), viewerId] as const,
  members: () => [...studioKeys.all, 'members'] as const,
  /** Invitations to other people's exclusive pages (the invitee's side). */
  invitations: () => [...studioKeys.all, 'invitations'] as const,
  /** The owner's featured links (with their open counts). */
  featured: (userId: string) => [...studioKeys.all, 'featured', userId] as const,
  /** The featured-links picker's search over the owner's links. */
  featuredSearch: (userId: string, text: string) => [...studioKeys.all, 'featured-search', userId, text] as const,
};
