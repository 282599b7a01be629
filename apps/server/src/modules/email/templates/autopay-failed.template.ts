import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Reason = 'insufficient_funds' | 'expired_card' | 'authentication_required' | 'declined' | 'no_card';
type Vars = { name: string | null; amountCents: number; reason: Reason; retryOn: string | null; billingUrl: string };

const REASONS: Record<Language, Record<Reason, string>> = {
  en: {
    insufficient_funds: 'insufficient funds.',
    expired_card: 'the card has expired.',
    authentication_required: 'your bank asks you to confirm the payment.',
    declined: 'the bank gave no reason.',
    no_card: 'there is no default card.',
  },
  fr: {
    insufficient_funds: 'fonds insuffisants.',
    expired_card: 'la carte est expirée.',
    authentication_required: 'votre banque demande de confirmer le paiement.',
    declined: 'la banque n’a pas donné de raison.',
    no_card: 'aucune carte par défaut.',
  },
  es: {
    insufficient_funds: 'fondos insuficientes.',
    expired_card: 'la tarjeta está vencida.',
    authentication_required: 'tu banco pide confirmar el pago.',
    declined: 'el banco no dio ningún motivo.',
    no_card: 'no hay ninguna tarjeta predeterminada.',
  },
};

const LOCALES = { en: 'en-CA', fr: 'fr-CA', es: 'es' } as const;

/** An auto-pay charge was declined (decision 048): why, and when it is tried again, in the member's language. */
export function autopayFailedTemplate(language: Language, v: Vars) {
  const amount = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'CAD' }).format(v.amountCents / 100);
  const copy = {
    en: {
      subject: `Auto-pay could not charge ${amount}`,
      paragraphs: [
        v.reason === 'no_card' ? `We could not charge ${amount} for your latest statement: you have no default card.` : `We tried to charge ${amount} for your latest statement to your default card, and the card was declined: ${REASONS[language][v.reason]}`,
        v.reason === 'authentication_required'
          ? 'Auto-pay cannot confirm a payment with your bank for you, so we will not try again. Please use Pay now on the Billing page: your bank will ask you to confirm it there.'
          : v.retryOn
            ? `We will try again on ${v.retryOn}. You can also pay now, or choose another default card, on the Billing page.`
            : 'We will not try again. Please pay on the Billing page.',
      ],
      label: 'Go to Billing',
      closing: 'Thank you,',
    },
    fr: {
      subject: `Le paiement automatique de ${amount} n’a pas pu être effectué`,
      paragraphs: [
        v.reason === 'no_card' ? `Nous n’avons pas pu porter ${amount} pour votre dernier relevé : vous n’avez pas de carte par défaut.` : `Nous avons tenté de porter ${amount} pour votre dernier relevé à votre carte par défaut, et la carte a été refusée : ${REASONS[language][v.reason]}`,
        v.reason === 'authentication_required'
          ? 'Le paiement automatique ne peut pas confirmer un paiement auprès de votre banque à votre place : nous ne réessaierons donc pas. Veuillez utiliser Payer maintenant à la page Facturation : votre banque vous demandera de le confirmer.'
          : v.retryOn
            ? `Nous réessaierons le ${v.retryOn}. Vous pouvez aussi payer maintenant, ou choisir une autre carte par défaut, à la page Facturation.`
            : 'Nous ne réessaierons pas. Veuillez payer à la page Facturation.',
      ],
      label: 'Aller à Facturation',
      closing: 'Merci,',
    },
    es: {
      subject: `El pago automático de ${amount} no se pudo realizar`,
      paragraphs: [
        v.reason === 'no_card' ? `No pudimos cargar ${amount} de tu último estado de cuenta: no tienes una tarjeta predeterminada.` : `Intentamos cargar ${amount} de tu último estado de cuenta a tu tarjeta predeterminada y la tarjeta fue rechazada: ${REASONS[language][v.reason]}`,
        v.reason === 'authentication_required'
          ? 'El pago automático no puede confirmar un pago con tu banco por ti, así que no lo intentaremos de nuevo. Usa Pagar ahora en la página Facturación: allí tu banco te pedirá que lo confirmes.'
          : v.retryOn
            ? `Lo intentaremos de nuevo el ${v.retryOn}. También puedes pagar ahora, o elegir otra tarjeta predeterminada, en la página Facturación.`
            : 'No lo intentaremos de nuevo. Paga en la página Facturación.',
      ],
      label: 'Ir a Facturación',
      closing: 'Gracias,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, v.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: v.billingUrl }, closing: copy.closing });
}
