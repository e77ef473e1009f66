// The value types the configuration groups share: a TCP port, a positive whole number, and optional
// text where blank means unset (an empty variable in a compose file or unit is not a value).
import { z } from 'zod';

export const port = z.coerce.number().int().min(1).max(65535);
export const positiveInt = z.coerce.number().int().positive();
export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
