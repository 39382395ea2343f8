import { z } from 'zod';
import { emailField } from './fields.ts';

/** The 'Reset Password' e-mail form. */
export const resetRequestSchema = z.object({ email: emailField() });
