/** A UUID as Postgres writes it (any version, either case): the ids of folders, links and users. */
const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

export const isUuid = (value: string): boolean => UUID.test(value);
