import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Vars = { name: string | null; points: number; amountCents: number; payee: string; rewardsUrl: string };
export type CashOutEmailStatus = 'sent' | 'failed';

const LOCALE: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA', es: 'es-CA' };

/**
 * Tells the member their cash-out left (sent) or did not (failed, with the reason and the points
 * back in their balance), in their language (decision 051).
 */
export function cashOutStatusTemplate(language: Language, status: CashOutEmailStatus, v: Vars & { reason?: string | null }) {
  const points = v.points.toLocaleString(LOCALE[language]);
  const amount = (v.amountCents / 100).toLocaleString(LOCALE[language], { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });
  const reason = v.reason ?? '';
  const copy = {
    en: {
      sent: {
        subject: `Your ${amount} cash-out is on its way`,
        paragraphs: [`We sent ${amount} (${points} points) by Interac e-Transfer to ${v.payee}.`, 'If you do not see it within a day, check that address and your bank’s e-Transfer settings.'],
      },
      failed: {
        subject: `Your ${amount} cash-out could not be sent`,
        paragraphs: [`Your cash-out of ${amount} to ${v.payee} did not go through: ${reason}`, `The ${points} points are back in your balance.`],
      },
      label: 'See your rewards',
      closing: 'Thank you for saving energy,',
    },
    fr: {
      sent: {
        subject: `Votre encaissement de ${amount} est en route`,
        paragraphs: [`Nous avons envoyé ${amount} (${points} points) par virement Interac à ${v.payee}.`, 'S’il n’arrive pas d’ici un jour, vérifiez cette adresse et les réglages de virement de votre banque.'],
      },
      failed: {
        subject: `Votre encaissement de ${amount} n’a pas pu être envoyé`,
        paragraphs: [`Votre encaissement de ${amount} vers ${v.payee} n’a pas abouti : ${reason}`, `Les ${points} points ont été remis dans votre solde.`],
      },
      label: 'Voir mes récompenses',
      closing: 'Merci d’économiser l’énergie,',
    },
    es: {
      sent: {
        subject: `Tu retiro de ${amount} está en camino`,
        paragraphs: [`Enviamos ${amount} (${points} puntos) por Interac e-Transfer a ${v.payee}.`, 'Si no lo ves en un día, revisa esa dirección y la configuración de e-Transfer de tu banco.'],
      },
      failed: {
        subject: `No pudimos enviar tu retiro de ${amount}`,
        paragraphs: [`Tu retiro de ${amount} a ${v.payee} no se completó: ${reason}`, `Los ${points} puntos volvieron a tu saldo.`],
      },
      label: 'Ver mis recompensas',
      closing: 'Gracias por ahorrar energía,',
    },
  }[language];
  return renderEmail(language, {
    subject: copy[status].subject,
    greeting: greeting(language, v.name),
    paragraphs: copy[status].paragraphs,
    action: { label: copy.label, url: v.rewardsUrl },
    closing: copy.closing,
  });
}
