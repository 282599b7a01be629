import { z } from 'zod';

export { POSTAL_CODE_INVALID_MESSAGE, POSTAL_LOOKUP_FAILED_MESSAGE } from './postal-messages';

export const provinceCodeSchema = z.enum(['NL', 'NS', 'PE', 'NB', 'QC', 'ON', 'MB', 'SK', 'AB', 'BC', 'NT', 'NU', 'YT']);

/** GET /api/postal-codes/:code — the serviceability check's answer (docs/product/routes-and-screens.md#postal-code-checker). */
export const postalCheckResultSchema = z.object({
  postalCode: z.string(),
  city: z.string(),
  province: provinceCodeSchema,
  isServiceable: z.boolean(),
});
export type PostalCheckResult = z.infer<typeof postalCheckResultSchema>;
