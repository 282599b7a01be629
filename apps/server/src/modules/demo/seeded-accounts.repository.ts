import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sessions, twoFactors, users } from '../../db/schema/auth.schema';
import { notificationPhones } from '../../db/schema/notification.schema';
import { profiles } from '../../db/schema/profile.schema';

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The stored password hash of the user's credential account, if any. */
export async function credentialHashOf(db: Db, userId: string): Promise<string | null> {
  const [credential] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  return credential?.password ?? null;
}

/** Back to a verified account with no second factor, under the given name. */
export async function resetSeededUser(db: Db, userId: string, name: string): Promise<void> {
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await db.update(users).set({ name, emailVerified: true, twoFactorEnabled: false }).where(eq(users.id, userId));
}

export async function putSeededProfile(db: Db, profile: { id: string; name: string; email: string; language: 'en' | 'fr' | 'es'; timeZone: string }): Promise<void> {
  // A seeded account's visitors come to a home with history, not a first visit: "Welcome back" (issue 30).
  const signedInBefore = sql`coalesce(${profiles.firstSignedInAt}, now())`;
  await db
    .insert(profiles)
    .values({ ...profile, firstSignedInAt: new Date() })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { name: profile.name, email: profile.email, pendingEmail: null, language: profile.language, timeZone: profile.timeZone, deletedAt: null, firstSignedInAt: signedInBefore },
    });
}

/**
 * What visitors to a shared account could have left for the next one before decision 082 refused
 * it: their sessions' addresses and browsers, and a phone number for texts.
 */
export async function forgetVisitorTraces(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ ipAddress: null, userAgent: null }).where(eq(sessions.userId, userId));
    await tx.delete(notificationPhones).where(eq(notificationPhones.userId, userId));
  });
}
