import { z } from 'zod';

export const subfolderSchema = z.object({
  name: z.string('Please enter a subfolder name').trim().min(1, 'Please enter a subfolder name'),
});
