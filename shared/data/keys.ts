/**
 * Every query-key factory in one object: `queryKeys.links.all → .lists() → .list(filter) → .detail(id)`.
 * Invalidate a prefix to refresh everything below it.
 */
import { aiKeys } from './ai/keys.ts';
import { appearanceKeys } from './appearance/keys.ts';
import { authKeys } from './auth/keys.ts';
import { backgroundKeys } from './backgrounds/keys.ts';
import { blockedKeys } from './blocked/keys.ts';
import { categoryKeys } from './categories/keys.ts';
import { incomingKeys } from './incoming/keys.ts';
import { linkKeys } from './links/keys.ts';
import { privacyKeys } from './privacy/keys.ts';
import { profileKeys } from './profiles/keys.ts';
import { roleKeys } from './roles/keys.ts';
import { shareKeys } from './shares/keys.ts';
import { studioKeys } from './studio/keys.ts';
import { templateKeys } from './templates/keys.ts';

export const queryKeys = {
  auth: authKeys,
  profiles: profileKeys,
  links: linkKeys,
  categories: categoryKeys,
  shares: shareKeys,
  incoming: incomingKeys,
  backgrounds: backgroundKeys,
  templates: templateKeys,
  roles: roleKeys,
  appearance: appearanceKeys,
  privacy: privacyKeys,
  studio: studioKeys,
  blocked: blockedKeys,
  ai: aiKeys,
};
