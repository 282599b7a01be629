import { z } from 'zod';

/**
 * The part of GET /api/household/home the Dashboard reads: whether the member has said where
 * their home is (decision 057). Its own module so the Dashboard's first load does not carry the
 * postal rules (decision 058's budget).
 */
export const homeStatusSchema = z.object({
  /** "A1A 1A1", or null while the member has not said where their home is. */
  postalCode: z.string().nullable(),
});
