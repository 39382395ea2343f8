import { z } from 'zod';
import { NEW_CATEGORY_OPTION } from '../constants.ts';
import { httpUrlField } from './fields.ts';

/** With NEW_CATEGORY_OPTION chosen, newCategory is required. Re-exported for the schema's users. */
export { NEW_CATEGORY_OPTION };

export const linkSchema = z
  .object({
    title: z.string('Title is required').trim().min(1, 'Title is required'),
    url: httpUrlField('URL is required'),
    description: z.string().trim().optional(),
    categoryId: z.string().optional(),
    newCategory: z.string().trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.categoryId === NEW_CATEGORY_OPTION && !value.newCategory) {
      ctx.addIssue({ code: 'custom', message: 'Category name is required', path: ['newCategory'] });
    }
  });
/** The parsed link form (url normalised). */
export type LinkInput = z.infer<typeof linkSchema>;
/** What the form holds before parsing (for react-hook-form's first type parameter). */
export type LinkFormValues = z.input<typeof linkSchema>;
