import { and, desc, eq, isNull } from 'drizzle-orm';
import { MARKETING_CONSENT_PURPOSE, MARKETING_CONSENT_WORDING, UTILITY_DATA_CONSENT_PURPOSE, UTILITY_DATA_CONSENT_WORDING, type Language } from '@peakwise/contracts/account.contract';
import { MARKETING_CONSENT_VERSION, UTILITY_DATA_CONSENT_VERSION } from '@peakwise/contracts/consent-history.contract';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/auth.schema';
import { emailOutbox } from '../../db/schema/email-outbox.schema';
import { consents } from '../../db/schema/consent.schema';
import { privacyExports } from '../../db/schema/privacy-export.schema';
import { profiles } from '../../db/schema/profile.schema';

/** Written when better-auth creates a user (email sign-up, OAuth, demo account). */
export async function createProfile(db: Db, user: { id: string; name: string; email: string }, language: Language) {
  await db.insert(profiles).values({ id: user.id, name: user.name, email: user.email, language }).onConflictDoNothing();
}

/** Keeps the member's first session (the one the Dashboard says "Welcome" in); later ones change nothing. */
export async function recordFirstSession(db: Db, userId: string, sessionId: string, now: Date) {
  await db
    .update(profiles)
    .set({ firstSessionId: sessionId, firstSignedInAt: now })
    .where(and(eq(profiles.id, userId), isNull(profiles.firstSignedInAt)));
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
export async function recordMarketingConsent(db: DbOrTx, userId: string, granted: boolean, language: Language, source: 'sign_up' | 'settings' | 'account_deleted') {
  await db.insert(consents).values({ userId, purpose: MARKETING_CONSENT_PURPOSE, granted, wording: MARKETING_CONSENT_WORDING, wordingVersion: MARKETING_CONSENT_VERSION, language, source });
}

/** Append-only, as the marketing one (decision 121): whether a utility may have the home's own figures. */
export async function recordUtilityDataConsent(db: DbOrTx, userId: string, granted: boolean, language: Language, source: 'settings' | 'account_deleted') {
  await db.insert(consents).values({ userId, purpose: UTILITY_DATA_CONSENT_PURPOSE, granted, wording: UTILITY_DATA_CONSENT_WORDING, wordingVersion: UTILITY_DATA_CONSENT_VERSION, language, source });
}

export async function latestMarketingConsent(db: Db, userId: string): Promise<boolean> {
  return latestConsent(db, userId, MARKETING_CONSENT_PURPOSE);
}

export async function latestUtilityDataConsent(db: Db, userId: string): Promise<boolean> {
  return latestConsent(db, userId, UTILITY_DATA_CONSENT_PURPOSE);
}

/** The latest record wins; none is a no. */
async function latestConsent(db: DbOrTx, userId: string, purpose: string): Promise<boolean> {
  const [latest] = await db
    .select({ granted: consents.granted })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)))
    .orderBy(desc(consents.recordedAt), desc(consents.id))
    .limit(1);
  return latest?.granted ?? false;
}

export async function findUser(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** Holds the user row until the transaction ends. */
export async function lockMember(db: DbOrTx, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function findProfile(db: DbOrTx, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return profile;
}

/** The member's name on the user row and the profile, and the email change waiting for its link (null: none), in one transaction. */
export async function saveNameAndPendingEmail(db: Db, member: { id: string; email: string }, name: string, pendingEmail: string | null | undefined, now: Date) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, member.id));
    await tx
      .insert(profiles)
      .values({ id: member.id, name, email: member.email, pendingEmail, updatedAt: now })
      .onConflictDoUpdate({ target: profiles.id, set: { name, email: member.email, pendingEmail, updatedAt: now } });
  });
}

export async function savePreferences(db: DbOrTx, userId: string, input: { language?: Language | undefined; timeZone?: string | undefined }) {
  await db
    .update(profiles)
    .set({ ...(input.language ? { language: input.language } : {}), ...(input.timeZone ? { timeZone: input.timeZone } : {}), updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

/** Mail still waiting for an address, dropped when the account behind it is erased. */
export async function deleteOutboxTo(db: DbOrTx, email: string) {
  await db.delete(emailOutbox).where(eq(emailOutbox.to, email));
}

/**
 * Erases what identifies a member and keeps the user id: sessions, logins, two-factor secrets,
 * data exports and pending links go, the user row and profile keep only the anonymised address, and marketing
 * consent is withdrawn.
 */
export async function anonymiseAccount(db: DbOrTx, userId: string, anonymisedEmail: string, language: Language, now: Date) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(accounts).where(eq(accounts.userId, userId));
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  // A copy of everything about the member must not outlive the account (chunks go with their export).
  await db.delete(privacyExports).where(eq(privacyExports.userId, userId));
  // Reset links, two-factor challenges and trusted devices all point at the user id.
  await db.delete(verifications).where(eq(verifications.value, userId));
  await db
    .update(users)
    .set({ email: anonymisedEmail, name: '', emailVerified: false, image: null, birthDate: null, gender: null, twoFactorEnabled: false, updatedAt: now })
    .where(eq(users.id, userId));
  await db
    .update(profiles)
    .set({ name: '', email: anonymisedEmail, pendingEmail: null, deletedAt: now, updatedAt: now })
    .where(eq(profiles.id, userId));
  await recordMarketingConsent(db, userId, false, language, 'account_deleted');
  // Withdrawn only where it was given: a member who never chose has nothing to withdraw.
  if (await latestConsent(db, userId, UTILITY_DATA_CONSENT_PURPOSE)) await recordUtilityDataConsent(db, userId, false, language, 'account_deleted');
}
