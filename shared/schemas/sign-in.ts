import { z } from 'zod';
import { emailField } from './fields.ts';

export const signInSchema = z.object({
  email: emailField(),
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;
