import { z } from 'zod';
import { httpUrlField } from '~shared/schemas/fields.ts';

/**
 * Function bodies that shared/schemas does not define (the rest come from there).
 * incoming-links (part 2 §7): {link, sender_email, timestamp}.
 */
export const incomingLinksBodySchema = z.object({
  link: httpUrlField('URL is required'),
  sender_email: z.string().trim().pipe(z.email('Invalid email address')).nullish(),
  timestamp: z.union([z.string().max(64), z.number()]).nullish(),
  title: z.string().trim().max(500, 'Title is too long').nullish(),
});
