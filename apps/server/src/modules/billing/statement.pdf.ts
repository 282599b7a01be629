import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language } from '@peakwise/contracts/account.contract';
import type { StatementDetail } from '@peakwise/contracts/billing.contract';
import { amountDueWording } from '@peakwise/domain/billing-status';
import type { StatementAccount } from './statement-account';
import { carriedRows, describeLine, formatMoney, formatNumber, statementCopy } from './statement-text';

// Fonts ship with the app (an npm package), never a system path: the PDF embeds a subset of them,
// so it reads the same on any machine and French and Spanish accents render.
const require = createRequire(import.meta.url);
const REGULAR = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff');
const BOLD = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff');

const MARGIN = 50;
const COLUMNS = { description: MARGIN, quantity: 330, unitPrice: 400, amount: 470 };
const AMOUNT_WIDTH = 75;

/** The statement as a one-document PDF in the member's language. */
export function statementPdf(statement: StatementDetail, language: Language, account: StatementAccount): Promise<Buffer> {
  const copy = statementCopy(language);
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, font: REGULAR, info: { Title: `${copy.title} ${statement.periodStart} – ${statement.periodEnd}`, Author: 'Peakwise' }, lang: language });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (cents: number) => formatMoney(cents, language);
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10).text(label, MARGIN, y, { width: 400 });
    doc.text(value, COLUMNS.amount, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.moveDown(0.3);
  };
  /** A label and a value too long for the amount column (a name, an address, an id). */
  const field = (label: string, value: string) => {
    const y = doc.y;
    doc.font('regular').fontSize(10).text(label, MARGIN, y, { width: 130 });
    const after = doc.y;
    doc.text(value, MARGIN + 140, y, { width: 370 });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.3);
  };

  doc.font('bold').fontSize(18).text('Peakwise');
  doc.font('regular').fontSize(14).text(copy.title);
  doc.moveDown(0.5);
  field(copy.accountHolder, account.holder);
  field(copy.serviceAddress, account.serviceAddress);
  field(copy.accountNumber, account.accountNumber);
  field(copy.meter, `${copy.meterName} ${account.meterId}`);
  doc.moveDown(0.5);
  field(copy.period, `${statement.billedFrom} – ${statement.periodEnd}`);
  field(copy.issued, statement.issuedAt.slice(0, 10));
  row(copy.due, statement.dueDate, true);
  doc.moveDown();

  const headerY = doc.y;
  doc.font('bold').fontSize(9);
  doc.text(copy.columns.description, COLUMNS.description, headerY, { width: 270 });
  doc.text(copy.columns.quantity, COLUMNS.quantity, headerY, { width: 65, align: 'right' });
  doc.text(copy.columns.unitPrice, COLUMNS.unitPrice, headerY, { width: 65, align: 'right' });
  doc.text(copy.columns.amount, COLUMNS.amount, headerY, { width: AMOUNT_WIDTH, align: 'right' });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(9);
  for (const line of statement.lines) {
    const y = doc.y;
    doc.text(describeLine(line, language), COLUMNS.description, y, { width: 270 });
    const after = doc.y;
    const quantity = line.quantity === null ? '' : `${formatNumber(line.quantity, language)} ${line.unit === 'day' ? copy.days : (line.unit ?? '')}`;
    doc.text(quantity, COLUMNS.quantity, y, { width: 65, align: 'right' });
    doc.text(line.unitPriceCents === null ? '' : formatNumber(line.unitPriceCents, language), COLUMNS.unitPrice, y, { width: 65, align: 'right' });
    doc.text(money(line.amountCents), COLUMNS.amount, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(after, doc.y) + 3;
  }
  doc.moveDown();
  row(copy.charges, money(statement.chargesCents));
  row(copy.previousBalance, money(statement.previousBalanceCents));
  for (const [label, cents] of carriedRows(statement, copy)) row(label, money(cents));
  const bottomLine = amountDueWording(statement.amountDueCents);
  if (bottomLine.kind === 'credit') row(`${copy.credit} (${copy.creditCarried})`, money(bottomLine.cents), true);
  else row(copy.amountDue, money(bottomLine.cents), true);
  // Payments against it come after the statement was issued: shown below what it asked for, as on screen.
  const paid = statement.paidAgainst.reduce((s, p) => s + p.amountCents, 0);
  if (paid > 0) {
    row(copy.payments, money(-paid));
    row(copy.leftToPay, money(Math.max(0, statement.amountDueCents - paid)), true);
  }
  doc.moveDown();

  doc.font('bold').fontSize(11).text(copy.usage, MARGIN).moveDown(0.3);
  row(copy.imported, `${formatNumber(statement.usage.importKwh, language, 1)} kWh`);
  row(copy.exported, `${formatNumber(statement.usage.exportKwh, language, 1)} kWh`);
  if (statement.lastYear) row(`${copy.lastYear} (${statement.lastYear.periodStart.slice(0, 7)})`, `${formatNumber(statement.lastYear.usage.importKwh, language, 1)} kWh · ${money(statement.lastYear.chargesCents)}`);

  doc.end();
  return done;
}
