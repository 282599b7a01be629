import { isAPIError } from 'better-auth/api';
import { languageSchema, timeZoneSchema, type Language, type Profile, type UpdateProfile } from '@peakwise/contracts/account.contract';
import { SHARED_DEMO_EMAILS } from '@peakwise/contracts/demo-account';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth/auth';
import { refuseOnSharedDemo } from '../auth/shared-demo';
import type { AccountEmails } from '../email/account-emails';
import { changeHouseholdTimeZone, invalidTimeZone } from '../households/household-time-zone.service';
import { findHouseholdByOwner } from '../households/household.repository';
import type { Mailer, RecordedEmail } from '../email/mailer';
import { forgetNotificationContacts } from '../notifications/notification-preferences.repository';
import { failOpenCashOuts } from '../cash-outs/cash-outs.service';
import { pseudonymiseCashOutEmails } from '../cash-outs/cash-outs.repository';
import { removeHouseholdCards } from '../payments/card-detach.service';
import { queueHouseholdLoginRemoval, type BrokerLogins } from '../devices/broker-logins.service';
import { deleteMemberKeys, deleteMemberSms, pseudonymiseHousehold, pseudonymiseRewardOrders } from './account-erasure.repository';
import {
  anonymiseAccount,
  createProfile,
  deleteOutboxTo,
  findProfile,
  findUser,
  latestMarketingConsent,
  latestUtilityDataConsent,
  lockMember,
  recordMarketingConsent,
  recordUtilityDataConsent,
  saveNameAndPendingEmail,
  savePreferences,
} from './profile.repository';

/** Where the link in the new-address email lands. */
const AFTER_EMAIL_CHANGE_PATH = '/app/settings';

const demoLocked = () => new AppError(403, 'demo_account_read_only', 'The demo account cannot be changed.');

export function anonymisedEmail(userId: string) {
  return `deleted-${userId}@deleted.invalid`;
}

export function createProfileService(deps: { db: Db; auth: Auth; emails: AccountEmails; mailer: Mailer; clock?: () => Date; brokerLogins?: BrokerLogins }) {
  const { db, auth, emails, mailer } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function get(userId: string): Promise<Profile> {
    const user = await findUser(db, userId);
    if (!user) throw new AppError(404, 'not_found', 'No user found');
    let profile = await findProfile(db, userId);
    if (!profile) {
      // Accounts created before profiles existed get one on first read.
      await createProfile(db, user, 'en');
      profile = await findProfile(db, userId);
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
      utilityDataConsent: await latestUtilityDataConsent(db, userId),
      updatedAt: (profile?.updatedAt ?? user.updatedAt).toISOString(),
    };
  }

  /**
   * A changed email starts the account email change first (a link to the NEW address; the account
   * email changes when it is followed), then the profile is saved
   * (docs/product/domain-rules.md#profile-and-email-change).
   */
  async function update(member: { id: string; email: string }, input: UpdateProfile, requestHeaders: Headers): Promise<Profile> {
    let pendingEmail: string | null | undefined;
    // The next visitor to a shared demo account would read a name one visitor typed (decision 082).
    if (SHARED_DEMO_EMAILS.has(member.email) && input.email === member.email && input.name !== (await get(member.id)).name) refuseOnSharedDemo(member);
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
    await saveNameAndPendingEmail(db, member, input.name, pendingEmail, now);
    return get(member.id);
  }

  /**
   * The member's zone is also their household's: its days, charts and costs are cut in it, so
   * the household follows in the same transaction (its daily rollups re-cut, docs/decisions/023).
   * A zone the household refuses leaves the profile untouched too.
   */
  async function updatePreferences(userId: string, input: { language?: Language | undefined; timeZone?: string | undefined }) {
    await db.transaction(async (tx) => {
      await savePreferences(tx, userId, input);
      if (input.timeZone === undefined) return;
      const household = await findHouseholdByOwner(tx, userId);
      if (household) await changeHouseholdTimeZone(tx, household.id, input.timeZone);
      else if (!timeZoneSchema.safeParse(input.timeZone).success) throw invalidTimeZone(input.timeZone);
    });
    return get(userId);
  }

  async function setMarketingConsent(userId: string, granted: boolean) {
    const profile = await get(userId);
    await recordMarketingConsent(db, userId, granted, profile.language, 'settings');
    return get(userId);
  }

  async function setUtilityDataConsent(userId: string, granted: boolean) {
    const profile = await get(userId);
    await recordUtilityDataConsent(db, userId, granted, profile.language, 'settings');
    return get(userId);
  }

  /**
   * Erases what identifies the member and keeps the user id, so pseudonymous records (readings,
   * points, bills) survive without a person behind them (docs/decisions/009), and revokes every
   * key and endpoint the member had (docs/decisions/079, which lists what happens to each table).
   * One transaction; the confirmation to the original address is recorded in it and sent once it
   * commits, and saved cards are detached at the processor by jobs that run after it.
   */
  async function deleteAccount(userId: string) {
    const user = await findUser(db, userId);
    if (!user) throw new AppError(404, 'not_found', 'No user found');
    if (SHARED_DEMO_EMAILS.has(user.email)) throw demoLocked();
    const profile = await findProfile(db, userId);
    const language = languageSchema.safeParse(profile?.language);
    const gone = anonymisedEmail(userId);
    const now = clock();
    let confirmation: RecordedEmail | undefined;
    await db.transaction(async (tx) => {
      // Held first, so an API token or webhook being created waits for the deletion; one written after
      // it never works, as every key lookup also checks that the account is not deleted (decision 079).
      await lockMember(tx, userId);
      await deleteOutboxTo(tx, user.email);
      confirmation = await emails.recordAccountDeleted({ email: user.email, name: profile?.name ?? user.name }, language.success ? language.data : 'en', tx);
      const household = await findHouseholdByOwner(tx, userId);
      // Read before the credentials go: their Mosquitto logins are deleted after the commit (decision 097).
      if (household) await queueHouseholdLoginRemoval(tx, deps.brokerLogins, household.id);
      await deleteMemberKeys(tx, userId, household?.id ?? null);
      await deleteMemberSms(tx, userId);
      if (household) {
        await failOpenCashOuts(tx, household.id, now);
        await pseudonymiseCashOutEmails(tx, household.id, gone);
        await removeHouseholdCards(tx, household.id, now);
        await pseudonymiseHousehold(tx, household.id);
      }
      await pseudonymiseRewardOrders(tx, userId, household?.id ?? null);
      await anonymiseAccount(tx, userId, gone, language.success ? language.data : 'en', now);
      // The mobile number and push endpoints identify the member; nothing may reach them any more.
      await forgetNotificationContacts(tx, userId);
    });
    if (confirmation) await mailer.deliver(confirmation);
  }

  return { get, update, updatePreferences, setMarketingConsent, setUtilityDataConsent, deleteAccount };
}

export type ProfileService = ReturnType<typeof createProfileService>;
