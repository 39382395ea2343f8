import { z } from 'zod';

export const templateNameSchema = z.object({
  name: z.string('Template name is required').trim().min(1, 'Template name is required'),
});
