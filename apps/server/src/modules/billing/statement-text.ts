import type { Language } from '@peakwise/contracts/account.contract';
import type { StatementDetail, StatementLineView } from '@peakwise/contracts/billing.contract';
import { centsToDollars } from '@peakwise/domain/tariff';
import { planById } from '@peakwise/domain/tariff-plans';

/**
 * The words of a statement's PDF and CSV in the member's language. The web app has its own copy
 * in its locale files (apps/web/src/locales/billing.*.ts); both describe a line from its kind,
 * key and params, so they say the same thing.
 */

type Copy = {
  title: string;
  period: string;
  issued: string;
  due: string;
  previousBalance: string;
  payments: string;
  paymentsReceived: string;
  paymentsPending: string;
  paymentsDeclined: string;
  paymentsReturned: string;
  leftToPay: string;
  charges: string;
  amountDue: string;
  /** The bottom line below zero: "Credit $39.27", never a negative amount due (decision 084). */
  credit: string;
  creditCarried: string;
  accountHolder: string;
  serviceAddress: string;
  accountNumber: string;
  meter: string;
  meterName: string;
  usage: string;
  imported: string;
  exported: string;
  lastYear: string;
  columns: { description: string; quantity: string; unitPrice: string; amount: string; kind: string; unit: string };
  periods: Record<string, string>;
  plans: Record<string, string>;
  dailyCharge: { default: string; 'bc-residential-conservation': string; 'qc-rate-d': string };
  exportCredit: string;
  charge: Record<string, string>;
  adjustment: (from: string, to: string, recomputed: string, billed: string) => string;
  /** An Ontario net-metering credit written off after `periods` periods carried (decision 088). */
  creditLapse: (date: string, periods: string) => string;
  days: string;
};

const COPY: Record<Language, Copy> = {
  en: {
    title: 'Electricity statement',
    period: 'Billing period',
    issued: 'Issued',
    due: 'Due date',
    previousBalance: 'Previous balance',
    paymentsReceived: 'Payments received',
    paymentsPending: 'Payments pending',
    paymentsDeclined: 'Pending payments since declined (added back next statement)',
    paymentsReturned: 'Declined payments added back',
    payments: 'Paid against this statement',
    leftToPay: 'Left to pay',
    charges: 'This period’s charges',
    amountDue: 'Amount due',
    credit: 'Credit',
    creditCarried: 'carried to your next statement',
    accountHolder: 'Account holder',
    serviceAddress: 'Service address',
    accountNumber: 'Account number',
    meter: 'Meter',
    meterName: 'Whole-home meter',
    usage: 'Usage',
    imported: 'Drawn from the grid',
    exported: 'Sent to the grid',
    lastYear: 'Same month last year',
    columns: { description: 'Description', quantity: 'Quantity', unitPrice: 'Unit price (¢)', amount: 'Amount ($)', kind: 'Kind', unit: 'Unit' },
    periods: { 'off-peak': 'Off-peak', 'mid-peak': 'Mid-peak', 'on-peak': 'On-peak', 'ultra-low-overnight': 'Ultra-low overnight', 'weekend-off-peak': 'Weekend off-peak', 'tier-1': 'Tier 1', 'tier-2': 'Tier 2', energy: 'Energy' },
    plans: { 'on-tou': 'Ontario Time-of-Use', 'on-ulo': 'Ontario Ultra-Low Overnight', 'on-tiered': 'Ontario Tiered', 'bc-residential-conservation': 'BC Hydro two-step', 'ab-rolr': 'Alberta Rate of Last Resort', 'qc-rate-d': 'Hydro-Québec Rate D' },
    dailyCharge: { default: 'Daily charge', 'bc-residential-conservation': 'Basic charge', 'qc-rate-d': 'System access charge' },
    exportCredit: 'Net-metering credit',
    charge: { hst: 'HST', gst: 'GST', qst: 'QST', 'ontario-electricity-rebate': 'Ontario Electricity Rebate' },
    adjustment: (from, to, recomputed, billed) => `Adjustment for ${from} – ${to}: readings received after that statement was issued bring it to ${recomputed} (billed ${billed})`,
    creditLapse: (date, periods) => `Net-metering credit expired (${periods} months carried), ${date}`,
    days: 'days',
  },
  fr: {
    title: 'Relevé d’électricité',
    period: 'Période de facturation',
    issued: 'Émis le',
    due: 'Date d’échéance',
    previousBalance: 'Solde précédent',
    paymentsReceived: 'Paiements reçus',
    paymentsPending: 'Paiements en attente',
    paymentsDeclined: 'Paiements en attente refusés depuis (rajoutés au prochain relevé)',
    paymentsReturned: 'Paiements refusés rajoutés',
    payments: 'Payé sur ce relevé',
    leftToPay: 'Reste à payer',
    charges: 'Frais de la période',
    amountDue: 'Montant dû',
    credit: 'Crédit',
    creditCarried: 'reporté sur votre prochain relevé',
    accountHolder: 'Titulaire du compte',
    serviceAddress: 'Adresse de service',
    accountNumber: 'Numéro de compte',
    meter: 'Compteur',
    meterName: 'Compteur de la maison',
    usage: 'Consommation',
    imported: 'Tirée du réseau',
    exported: 'Injectée dans le réseau',
    lastYear: 'Même mois l’an dernier',
    columns: { description: 'Description', quantity: 'Quantité', unitPrice: 'Prix unitaire (¢)', amount: 'Montant ($)', kind: 'Type', unit: 'Unité' },
    periods: { 'off-peak': 'Heures creuses', 'mid-peak': 'Heures médianes', 'on-peak': 'Heures de pointe', 'ultra-low-overnight': 'Nuit à très bas prix', 'weekend-off-peak': 'Heures creuses de fin de semaine', 'tier-1': 'Premier palier', 'tier-2': 'Deuxième palier', energy: 'Énergie' },
    plans: { 'on-tou': 'Ontario, prix selon l’heure de consommation', 'on-ulo': 'Ontario, prix de nuit très bas', 'on-tiered': 'Ontario, prix par paliers', 'bc-residential-conservation': 'BC Hydro, deux paliers', 'ab-rolr': 'Alberta, tarif de dernier recours', 'qc-rate-d': 'Hydro-Québec, tarif D' },
    dailyCharge: { default: 'Frais quotidiens', 'bc-residential-conservation': 'Frais de base', 'qc-rate-d': 'Redevance d’abonnement' },
    exportCredit: 'Crédit de mesurage net',
    charge: { hst: 'TVH', gst: 'TPS', qst: 'TVQ', 'ontario-electricity-rebate': 'Remise de l’Ontario pour l’électricité' },
    adjustment: (from, to, recomputed, billed) => `Ajustement pour ${from} – ${to} : des relevés reçus après l’émission de ce relevé le portent à ${recomputed} (facturé ${billed})`,
    creditLapse: (date, periods) => `Crédit de mesurage net expiré (reporté ${periods} mois), le ${date}`,
    days: 'jours',
  },
  es: {
    title: 'Estado de cuenta de electricidad',
    period: 'Período de facturación',
    issued: 'Emitido',
    due: 'Fecha de vencimiento',
    previousBalance: 'Saldo anterior',
    paymentsReceived: 'Pagos recibidos',
    paymentsPending: 'Pagos pendientes',
    paymentsDeclined: 'Pagos pendientes rechazados después (se vuelven a sumar en el próximo estado de cuenta)',
    paymentsReturned: 'Pagos rechazados que se vuelven a sumar',
    payments: 'Pagado sobre este estado de cuenta',
    leftToPay: 'Pendiente de pago',
    charges: 'Cargos del período',
    amountDue: 'Importe a pagar',
    credit: 'Crédito',
    creditCarried: 'se aplica a tu próximo estado de cuenta',
    accountHolder: 'Titular de la cuenta',
    serviceAddress: 'Dirección de servicio',
    accountNumber: 'Número de cuenta',
    meter: 'Medidor',
    meterName: 'Medidor de toda la casa',
    usage: 'Consumo',
    imported: 'Tomada de la red',
    exported: 'Enviada a la red',
    lastYear: 'Mismo mes del año pasado',
    columns: { description: 'Descripción', quantity: 'Cantidad', unitPrice: 'Precio unitario (¢)', amount: 'Importe ($)', kind: 'Tipo', unit: 'Unidad' },
    periods: { 'off-peak': 'Horas valle', 'mid-peak': 'Horas intermedias', 'on-peak': 'Horas punta', 'ultra-low-overnight': 'Nocturna ultrabaja', 'weekend-off-peak': 'Valle de fin de semana', 'tier-1': 'Primer tramo', 'tier-2': 'Segundo tramo', energy: 'Energía' },
    plans: { 'on-tou': 'Ontario, por franja horaria', 'on-ulo': 'Ontario, nocturna ultrabaja', 'on-tiered': 'Ontario, por tramos', 'bc-residential-conservation': 'BC Hydro, dos tramos', 'ab-rolr': 'Alberta, tarifa de último recurso', 'qc-rate-d': 'Hydro-Québec, tarifa D' },
    dailyCharge: { default: 'Cargo diario', 'bc-residential-conservation': 'Cargo básico', 'qc-rate-d': 'Cargo de acceso al sistema' },
    exportCredit: 'Crédito por medición neta',
    charge: { hst: 'HST', gst: 'GST', qst: 'QST', 'ontario-electricity-rebate': 'Reembolso de Electricidad de Ontario' },
    adjustment: (from, to, recomputed, billed) => `Ajuste de ${from} – ${to}: lecturas recibidas después de emitido ese estado lo llevan a ${recomputed} (facturado ${billed})`,
    creditLapse: (date, periods) => `Crédito por medición neta vencido (trasladado ${periods} meses), el ${date}`,
    days: 'días',
  },
};

export const statementCopy = (language: Language): Copy => COPY[language];

/**
 * The rows between the previous balance and the amount due (decision 056): the payments it
 * accounts for, each kind only when there is one, signed as they move the balance.
 */
export function carriedRows(statement: StatementDetail, copy: Copy): [string, number][] {
  const sum = (ps: readonly { amountCents: number }[]) => ps.reduce((s, p) => s + p.amountCents, 0);
  const rows: [string, number][] = [
    [copy.paymentsReceived, -sum(statement.payments)],
    [copy.paymentsPending, -sum(statement.pendingPayments.filter((p) => p.status === 'pending'))],
    [copy.paymentsDeclined, -sum(statement.pendingPayments.filter((p) => p.status === 'failed'))],
    [copy.paymentsReturned, sum(statement.returnedPayments)],
  ];
  return rows.filter(([, cents]) => cents !== 0);
}

const LOCALE: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA', es: 'es' };

/** Dollars in the member's language: $80.85 / 80,85 $. */
export function formatMoney(cents: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' }).format(centsToDollars(cents));
}

export function formatNumber(value: number, language: Language, digits = 3): string {
  return new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: digits }).format(value);
}

const percent = (ratePerMillion: number, language: Language) => `${formatNumber(ratePerMillion / 10_000, language)} %`;

/** A line's description in the member's language. */
export function describeLine(line: StatementLineView, language: Language): string {
  const copy = COPY[language];
  const p = line.params;
  const str = (key: string) => (typeof p[key] === 'string' ? p[key] : String(p[key] ?? ''));
  const plan = copy.plans[str('plan')] ?? planById(str('plan'))?.name;
  const span = p.from && p.to ? `, ${str('from')} – ${str('to')}` : '';
  switch (line.kind) {
    case 'energy':
      return `${copy.periods[line.descriptionKey] ?? line.descriptionKey}${plan ? ` (${plan})` : ''}${span}`;
    case 'export-credit':
      return `${copy.exportCredit}: ${copy.periods[line.descriptionKey] ?? line.descriptionKey}${span}`;
    case 'fixed':
      return `${(copy.dailyCharge as Record<string, string>)[str('plan')] ?? copy.dailyCharge.default}${span}`;
    case 'rebate':
    case 'tax':
      return `${copy.charge[line.descriptionKey] ?? line.descriptionKey} (${percent(Number(p.ratePerMillion ?? 0), language)})`;
    case 'adjustment':
      return copy.adjustment(str('from'), str('to'), formatMoney(Number(p.recomputedCents ?? 0), language), formatMoney(Number(p.billedCents ?? 0), language));
    case 'credit-lapse':
      return copy.creditLapse(str('date'), formatNumber(Number(p.periods ?? 0), language));
  }
}
