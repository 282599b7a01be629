import { BILLING_MESSAGES } from '@peakwise/contracts/billing.contract';
import type { SavingsView } from '@peakwise/contracts/savings.contract';
import { exportCreditCents, savingsOf, selfConsumedCents } from '@peakwise/domain/billing-savings';
import { addDays, startOfLocalDate } from '@peakwise/domain/local-time';
import type { ProvinceCode } from '@peakwise/domain/postal-code';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { eventPointsFor, producedHours } from './savings.repository';
import { billableHousehold, findStatement, statementLines } from './statements.repository';

/**
 * The savings card for one of the household's statements (decision 049): its billed days, in the
 * zone the statement was cut in, priced under the plan history the statement was priced under.
 */
export async function statementSavings(db: DbOrTx, household: { id: string }, statementId: string): Promise<SavingsView> {
  const statement = await findStatement(db, household.id, statementId);
  const billable = statement ? await billableHousehold(db, household.id) : null;
  if (!statement || !billable) throw new AppError(404, 'not_found', BILLING_MESSAGES.statementNotFound);
  const zone = billable.timeZone;
  const from = startOfLocalDate(statement.billedFrom, zone);
  const to = startOfLocalDate(addDays(statement.periodEnd, 1), zone);
  const [hours, lines, points] = await Promise.all([producedHours(db, household.id, from, to), statementLines(db, statement.id), eventPointsFor(db, household.id, from, to)]);
  const selfConsumed = selfConsumedCents({
    province: billable.province as ProvinceCode,
    timeZone: zone,
    tariffHistory: billable.tariffHistory,
    serviceStart: billable.serviceStart,
    periodStart: statement.periodStart,
    periodEnd: statement.periodEnd,
    hours,
  });
  const savings = savingsOf({ selfConsumed, exportCreditCents: exportCreditCents(lines), eventPoints: points });
  return { statementId: statement.id, periodStart: statement.billedFrom, periodEnd: statement.periodEnd, ...savings };
}
