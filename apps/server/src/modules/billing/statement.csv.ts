import type { Language } from '@peakwise/contracts/account.contract';
import type { StatementDetail } from '@peakwise/contracts/billing.contract';
import { amountDueWording } from '@peakwise/domain/billing-status';
import { centsToDollars } from '@peakwise/domain/tariff';
import { carriedRows, describeLine, statementCopy } from './statement-text';

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The last row: the amount due, or below zero a credit of its size (decision 084), never a negative amount due. */
function bottomLine(statement: StatementDetail, copy: ReturnType<typeof statementCopy>): string[] {
  const wording = amountDueWording(statement.amountDueCents);
  const amount = centsToDollars(wording.cents).toFixed(2);
  return wording.kind === 'credit'
    ? ['credit', `${copy.credit} (${copy.creditCarried})`, '', '', '', amount]
    : ['due', `${copy.amountDue} (${copy.due} ${statement.dueDate})`, '', '', '', amount];
}

/**
 * The statement's lines as CSV (RFC 4180, CRLF, UTF-8 with a BOM so spreadsheets read the accents):
 * the same lines, in the same order, as the statement, then the balance rows. Amounts are dollars
 * to the cent with a dot; quantities and unit prices as stored.
 */
export function statementCsv(statement: StatementDetail, language: Language): string {
  const copy = statementCopy(language);
  const header = [copy.columns.kind, copy.columns.description, copy.columns.quantity, copy.columns.unit, copy.columns.unitPrice, copy.columns.amount];
  const rows = statement.lines.map((line) => [
    line.kind,
    describeLine(line, language),
    line.quantity === null ? '' : String(Math.round(line.quantity * 1000) / 1000),
    line.unit ?? '',
    line.unitPriceCents === null ? '' : String(line.unitPriceCents),
    centsToDollars(line.amountCents).toFixed(2),
  ]);
  const totals = [
    ['total', copy.charges, '', '', '', centsToDollars(statement.chargesCents).toFixed(2)],
    ['balance', copy.previousBalance, '', '', '', centsToDollars(statement.previousBalanceCents).toFixed(2)],
    ...carriedRows(statement, copy).map(([label, cents]) => ['payments', label, '', '', '', centsToDollars(cents).toFixed(2)]),
    bottomLine(statement, copy),
  ];
  return '\uFEFF' + [header, ...rows, ...totals].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
