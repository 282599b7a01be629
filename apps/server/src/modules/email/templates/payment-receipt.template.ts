import type { Language } from '@peakwise/contracts/account.contract';
import { formatInZone } from '@peakwise/domain/zoned-format';
import { greeting, renderEmail } from './layout';

type Vars = { name: string | null; amountCents: number; brand: string; last4: string; paidAt: Date; timeZone: string; reference: string; billingUrl: string };

const LOCALES = { en: 'en-CA', fr: 'fr-CA', es: 'es' } as const;

/** The receipt of a card payment (decision 048), sent once the processor confirms it. */
export function paymentReceiptTemplate(language: Language, v: Vars) {
  const locale = LOCALES[language];
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' }).format(v.amountCents / 100);
  const when = formatInZone(v.paidAt, v.timeZone, locale, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }, true);
  const card = `${v.brand === 'unknown' ? '' : `${v.brand.charAt(0).toUpperCase()}${v.brand.slice(1)} `}•••• ${v.last4}`;
  const copy = {
    en: {
      subject: `Payment received: ${amount}`,
      paragraphs: [`We received your payment of ${amount} on ${when}, charged to ${card}.`, `Reference: ${v.reference}`, 'Your balance and statement status on the Billing page include it.'],
      label: 'See your billing',
      closing: 'Thank you,',
    },
    fr: {
      subject: `Paiement reçu : ${amount}`,
      paragraphs: [`Nous avons reçu votre paiement de ${amount} le ${when}, porté à la carte ${card}.`, `Référence : ${v.reference}`, 'Votre solde et l’état de vos relevés, à la page Facturation, en tiennent compte.'],
      label: 'Voir ma facturation',
      closing: 'Merci,',
    },
    es: {
      subject: `Pago recibido: ${amount}`,
      paragraphs: [`Recibimos tu pago de ${amount} el ${when}, cargado a la tarjeta ${card}.`, `Referencia: ${v.reference}`, 'Tu saldo y el estado de tus estados de cuenta, en la página Facturación, ya lo incluyen.'],
      label: 'Ver mi facturación',
      closing: 'Gracias,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, v.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: v.billingUrl }, closing: copy.closing });
}
