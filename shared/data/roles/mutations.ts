/** Roles are granted only by the server (scripts/admin.ts with the service role): no client mutations. */
export const roleMutations = {};
