import { z } from 'zod';

/** The weekly prize draw and the monthly bonus as members and operators see them (decision 042). */
export const prizeDrawSchema = z.object({
  id: z.string(),
  /** The Monday the week starts on (Toronto). */
  week: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  commitment: z.string(),
  committedAt: z.string(),
  prizePoints: z.number().int(),
  status: z.enum(['committed', 'drawn']),
  /** Revealed once drawn; null before. */
  seed: z.string().nullable(),
  digest: z.string().nullable(),
  entries: z.number().int().nullable(),
  winnerEntry: z.string().nullable(),
  drawnAt: z.string().nullable(),
  /** The member's own entry in this draw, if any (members only). */
  myEntry: z.string().nullable(),
  won: z.boolean(),
});
export type PrizeDraw = z.infer<typeof prizeDrawSchema>;

export const prizeDrawsSchema = z.object({
  current: prizeDrawSchema.nullable(),
  recent: z.array(prizeDrawSchema),
  prizePoints: z.number().int(),
  monthlyBonusPoints: z.number().int(),
});
export type PrizeDraws = z.infer<typeof prizeDrawsSchema>;
