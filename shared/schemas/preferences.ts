import { z } from 'zod';
import { OPEN_LINKS, START_PAGES } from '../rules/preferences.ts';

const START_FOLDER_REQUIRED = 'Choose the folder to start in';

/** user_preferences fields (General settings; upserted by user_id). A null folder = the Saved folder. */
export const preferencesSchema = z
  .object({
    default_category_id: z.uuid().nullable().default(null),
    open_links: z.enum(OPEN_LINKS).default('new_tab'),
    confirm_delete: z.boolean().default(true),
    start_page: z.enum(START_PAGES).default('dashboard'),
    start_category_id: z.uuid().nullable().default(null),
  })
  .refine((p) => p.start_page !== 'folder' || p.start_category_id !== null, {
    message: START_FOLDER_REQUIRED,
    path: ['start_category_id'],
  });
