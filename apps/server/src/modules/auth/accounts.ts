import type { Database } from '../../db/client';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { createAccountEmails, type AccountEmails } from '../email/account-emails';
import { createMailer, type Mailer } from '../email/mailer';
import { createAuth, type Auth } from './auth';

export type Accounts = { auth: Auth; mailer: Mailer; emails: AccountEmails };

/** better-auth with its mailer and account emails, built once per process (or per test app). */
export function createAccounts(deps: { config: Config; database: Database; logger: Logger; mailer?: Mailer }): Accounts {
  const { config, database, logger } = deps;
  const mailer = deps.mailer ?? createMailer({ db: database.db, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const emails = createAccountEmails({ db: database.db, mailer, publicUrl: config.publicUrl });
  const auth = createAuth({ config, database, emails, logger });
  return { auth, mailer, emails };
}
