import { and, desc, eq } from 'drizzle-orm';
import { MARKETING_CONSENT_PURPOSE, MARKETING_CONSENT_WORDING, type Language } from '@peakwise/contracts/account.contract';
import type { Db } from '../../db/client';
import { consents } from '../../db/schema/consent.schema';
import { profiles } from '../../db/schema/profile.schema';

/** Written when better-auth creates a user (email sign-up, OAuth, demo account). */
export async function createProfile(db: Db, user: { id: string; name: string; email: string }, language: Language) {
  await db.insert(profiles).values({ id: user.id, name: user.name, email: user.email, language }).onConflictDoNothing();
}

/**
 * Keeps the profile's copy of the account email and name in step with the user row; once the
 * account email becomes the pending one (its link was followed) the change is no longer pending.
 */
export async function syncProfileFromUser(db: Db, user: { id: string; email?: string | undefined; name?: string | undefined }) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
  if (!profile || profile.deletedAt) return;
  const changes: Partial<typeof profiles.$inferInsert> = {};
  if (user.email !== undefined && user.email !== profile.email) {
    changes.email = user.email;
    if (profile.pendingEmail === user.email) changes.pendingEmail = null;
  }
  if (user.name !== undefined && user.name !== profile.name) changes.name = user.name;
  if (Object.keys(changes).length === 0) return;
  await db.update(profiles).set({ ...changes, updatedAt: new Date() }).where(eq(profiles.id, user.id));
}

/** Append-only: a withdrawal is a new row with granted = false. */
export async function recordMarketingConsent(db: Db, userId: string, granted: boolean, language: Language) {
  await db.insert(consents).values({ userId, purpose: MARKETING_CONSENT_PURPOSE, granted, wording: MARKETING_CONSENT_WORDING, language });
}

export async function latestMarketingConsent(db: Db, userId: string): Promise<boolean> {
  const [latest] = await db
    .select({ granted: consents.granted })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, MARKETING_CONSENT_PURPOSE)))
    .orderBy(desc(consents.recordedAt), desc(consents.id))
    .limit(1);
  return latest?.granted ?? false;
}
