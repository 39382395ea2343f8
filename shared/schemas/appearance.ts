import { z } from 'zod';
import { DEFAULT_ACCENT_HSL, DEFAULT_DENSITY, DEFAULT_THEME, DENSITIES, THEMES } from '../constants.ts';
import { isHslString } from '../rules/color.ts';

const ACCENT_HSL_MESSAGE = "Accent must look like 'h s% l%'";

/** An accent colour stored as 'h s% l%' (h 0-360, s and l 0-100). */
const accentHslSchema = z
  .string()
  .trim()
  .refine((value) => isHslString(value), ACCENT_HSL_MESSAGE);

/** user_appearance_settings fields (upserted by user_id). */
export const appearanceSchema = z.object({
  theme: z.enum(THEMES).default(DEFAULT_THEME),
  accent_hsl: accentHslSchema.default(DEFAULT_ACCENT_HSL),
  density: z.enum(DENSITIES).default(DEFAULT_DENSITY),
});
export type AppearanceInput = z.infer<typeof appearanceSchema>;
