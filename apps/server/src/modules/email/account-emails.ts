import { languageSchema, type Language } from '@peakwise/contracts/account.contract';
import type { Db, DbOrTx } from '../../db/client';
import { findProfile } from '../profile/profile.repository';
import type { Mailer } from './mailer';
import { accountDeletedTemplate } from './templates/account-deleted.template';
import { emailChangeConfirmationTemplate } from './templates/email-change-confirmation.template';
import { existingAccountSignUpAttemptTemplate } from './templates/existing-account-sign-up-attempt.template';
import { passwordChangedTemplate } from './templates/password-changed.template';
import { resetPasswordTemplate } from './templates/reset-password.template';
import { verifyEmailTemplate } from './templates/verify-email.template';

type Member = { id?: string | null; email: string; name: string };

/**
 * The account emails, each in the member's language: the profile's language when the member has
 * one, else the language given (the sign-up form's), else English.
 */
export function createAccountEmails(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  const { db, mailer, publicUrl } = deps;

  async function languageOf(member: Member, fallback?: unknown): Promise<Language> {
    if (member.id) {
      const parsed = languageSchema.safeParse((await findProfile(db, member.id))?.language);
      if (parsed.success) return parsed.data;
    }
    const parsed = languageSchema.safeParse(fallback);
    return parsed.success ? parsed.data : 'en';
  }

  return {
    languageOf,
    async verifyEmail(member: Member, url: string, fallbackLanguage?: unknown) {
      const language = await languageOf(member, fallbackLanguage);
      mailer.dispatch({ to: member.email, kind: 'verify-email', language, secrets: [url], ...verifyEmailTemplate(language, { name: member.name, url }) });
    },
    async emailChange(member: Member, newEmail: string, url: string) {
      const language = await languageOf(member);
      mailer.dispatch({ to: newEmail, kind: 'email-change-confirmation', language, secrets: [url], ...emailChangeConfirmationTemplate(language, { name: member.name, newEmail, url }) });
    },
    async resetPassword(member: Member, token: string) {
      const language = await languageOf(member);
      const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      mailer.dispatch({ to: member.email, kind: 'reset-password', language, secrets: [url, token], ...resetPasswordTemplate(language, { name: member.name, url }) });
    },
    async existingAccountSignUpAttempt(member: Member) {
      const language = await languageOf(member);
      mailer.dispatch({
        to: member.email,
        kind: 'existing-account-sign-up-attempt',
        language,
        ...existingAccountSignUpAttemptTemplate(language, { name: member.name, signInUrl: `${publicUrl}/?auth=login` }),
      });
    },
    async passwordChanged(member: Member) {
      const language = await languageOf(member);
      mailer.dispatch({ to: member.email, kind: 'password-changed', language, ...passwordChangedTemplate(language, { name: member.name, resetUrl: `${publicUrl}/?auth=forgot-password` }) });
    },
    /** Recorded inside the deletion's transaction, delivered after it commits. */
    async recordAccountDeleted(member: Member, language: Language, executor: DbOrTx) {
      return mailer.record({ to: member.email, kind: 'account-deleted', language, ...accountDeletedTemplate(language, { name: member.name }) }, executor);
    },
  };
}

export type AccountEmails = ReturnType<typeof createAccountEmails>;
