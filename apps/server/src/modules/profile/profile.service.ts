import { eq } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { MARKETING_CONSENT_PURPOSE, MARKETING_CONSENT_WORDING, languageSchema, timeZoneSchema, type Language, type Profile, type UpdateProfile } from '@peakwise/contracts/account.contract';
import { SHARED_DEMO_EMAILS } from '@peakwise/contracts/demo-account';
import type { Db } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/auth.schema';
import { consents } from '../../db/schema/consent.schema';
import { emailOutbox } from '../../db/schema/email-outbox.schema';
import { profiles } from '../../db/schema/profile.schema';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth/auth';
import type { AccountEmails } from '../email/account-emails';
import { changeHouseholdTimeZone, invalidTimeZone } from '../households/household-time-zone.service';
import { findHouseholdByOwner } from '../households/household.service';
import type { Mailer, RecordedEmail } from '../email/mailer';
import { forgetNotificationContacts } from '../notifications/notification-preferences.repository';
import { createProfile, latestMarketingConsent, recordMarketingConsent } from './profile.repository';

/** Where the link in the new-address email lands. */
const AFTER_EMAIL_CHANGE_PATH = '/app/settings';

const demoLocked = () => new AppError(403, 'demo_account_read_only', 'The demo account cannot be changed.');

export function anonymisedEmail(userId: string) {
  return `deleted-${userId}@deleted.invalid`;
}

export function createProfileService(deps: { db: Db; auth: Auth; emails: AccountEmails; mailer: Mailer }) {
  const { db, auth, emails, mailer } = deps;

  async function get(userId: string): Promise<Profile> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(404, 'not_found', 'No user found');
    let [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    if (!profile) {
      // Accounts created before profiles existed get one on first read.
      await createProfile(db, user, 'en');
      [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    }
    const language = languageSchema.safeParse(profile?.language);
    const timeZone = timeZoneSchema.safeParse(profile?.timeZone);
    return {
      id: user.id,
      name: profile?.name ?? user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      pendingEmail: profile?.pendingEmail ?? null,
      language: language.success ? language.data : 'en',
      timeZone: timeZone.success ? timeZone.data : 'America/Toronto',
      marketingConsent: await latestMarketingConsent(db, userId),
      updatedAt: (profile?.updatedAt ?? user.updatedAt).toISOString(),
    };
  }

  /**
   * SPEC §5: a changed email starts the account email change first (a link to the NEW address;
   * the account email changes when it is followed), then the profile is saved.
   */
  async function update(member: { id: string; email: string }, input: UpdateProfile, requestHeaders: Headers): Promise<Profile> {
    let pendingEmail: string | null | undefined;
    if (input.email !== member.email) {
      if (SHARED_DEMO_EMAILS.has(member.email)) throw demoLocked();
      try {
        await auth.api.changeEmail({ body: { newEmail: input.email, callbackURL: AFTER_EMAIL_CHANGE_PATH }, headers: requestHeaders });
      } catch (error) {
        if (isAPIError(error)) throw new AppError(error.statusCode === 401 ? 401 : 400, 'email_change_failed', error.body?.message ?? 'Failed to update profile');
        throw error;
      }
      pendingEmail = input.email;
    } else {
      pendingEmail = null; // saving the current address again cancels a pending change
    }
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, member.id));
      await tx
        .insert(profiles)
        .values({ id: member.id, name: input.name, email: member.email, pendingEmail, updatedAt: now })
        .onConflictDoUpdate({ target: profiles.id, set: { name: input.name, email: member.email, pendingEmail, updatedAt: now } });
    });
    return get(member.id);
  }

  /**
   * The member's zone is also their household's: its days, charts and costs are cut in it, so
   * the household follows in the same transaction (its daily rollups re-cut, docs/decisions/023).
   * A zone the household refuses leaves the profile untouched too.
   */
  async function updatePreferences(userId: string, input: { language?: Language | undefined; timeZone?: string | undefined }) {
    await db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({ ...(input.language ? { language: input.language } : {}), ...(input.timeZone ? { timeZone: input.timeZone } : {}), updatedAt: new Date() })
        .where(eq(profiles.id, userId));
      if (input.timeZone === undefined) return;
      const household = await findHouseholdByOwner(tx, userId);
      if (household) await changeHouseholdTimeZone(tx, household.id, input.timeZone);
      else if (!timeZoneSchema.safeParse(input.timeZone).success) throw invalidTimeZone(input.timeZone);
    });
    return get(userId);
  }

  async function setMarketingConsent(userId: string, granted: boolean) {
    const profile = await get(userId);
    await recordMarketingConsent(db, userId, granted, profile.language);
    return get(userId);
  }

  /**
   * Erases what identifies the member and keeps the user id, so pseudonymous records (readings,
   * points, bills) survive without a person behind them (docs/decisions/009). One transaction;
   * the confirmation to the original address is recorded in it and sent once it commits.
   */
  async function deleteAccount(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(404, 'not_found', 'No user found');
    if (SHARED_DEMO_EMAILS.has(user.email)) throw demoLocked();
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    const language = languageSchema.safeParse(profile?.language);
    const gone = anonymisedEmail(userId);
    const now = new Date();
    let confirmation: RecordedEmail | undefined;
    await db.transaction(async (tx) => {
      await tx.delete(emailOutbox).where(eq(emailOutbox.to, user.email));
      confirmation = await emails.recordAccountDeleted({ email: user.email, name: profile?.name ?? user.name }, language.success ? language.data : 'en', tx);
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(accounts).where(eq(accounts.userId, userId));
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
      // The mobile number and push endpoints identify the member; nothing may reach them any more.
      await forgetNotificationContacts(tx, userId);
      // Reset links, two-factor challenges and trusted devices all point at the user id.
      await tx.delete(verifications).where(eq(verifications.value, userId));
      await tx
        .update(users)
        .set({ email: gone, name: '', emailVerified: false, image: null, birthDate: null, gender: null, twoFactorEnabled: false, updatedAt: now })
        .where(eq(users.id, userId));
      await tx
        .update(profiles)
        .set({ name: '', email: gone, pendingEmail: null, deletedAt: now, updatedAt: now })
        .where(eq(profiles.id, userId));
      await tx.insert(consents).values({ userId, purpose: MARKETING_CONSENT_PURPOSE, granted: false, wording: MARKETING_CONSENT_WORDING, language: language.success ? language.data : 'en' });
    });
    if (confirmation) await mailer.deliver(confirmation);
  }

  return { get, update, updatePreferences, setMarketingConsent, deleteAccount };
}

export type ProfileService = ReturnType<typeof createProfileService>;
