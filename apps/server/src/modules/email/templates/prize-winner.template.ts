import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Vars = { name: string | null; points: number; week: string; rewardsUrl: string };

/** The weekly prize draw's winner is told by email (decision 042), in their language. */
export function prizeWinnerTemplate(language: Language, v: Vars) {
  const points = v.points.toLocaleString({ en: 'en-CA', fr: 'fr-CA', es: 'es' }[language]);
  const copy = {
    en: {
      subject: `You won this week’s Peakwise prize draw: ${points} points`,
      paragraphs: [
        `Your household won the prize draw for the week of ${v.week}. ${points} points are now in your balance.`,
        'The draw’s seed is published on the Rewards page, so you (or anyone) can check the result.',
      ],
      label: 'See your rewards',
      closing: 'Thank you for saving energy,',
    },
    fr: {
      subject: `Vous avez gagné le tirage de la semaine Peakwise : ${points} points`,
      paragraphs: [
        `Votre foyer a gagné le tirage de la semaine du ${v.week}. ${points} points ont été ajoutés à votre solde.`,
        'La graine du tirage est publiée sur la page Récompenses : vous (ou n’importe qui) pouvez vérifier le résultat.',
      ],
      label: 'Voir mes récompenses',
      closing: 'Merci d’économiser l’énergie,',
    },
    es: {
      subject: `Ganaste el sorteo semanal de Peakwise: ${points} puntos`,
      paragraphs: [
        `Tu hogar ganó el sorteo de la semana del ${v.week}. Se añadieron ${points} puntos a tu saldo.`,
        'La semilla del sorteo se publica en la página de Recompensas, así que tú (o cualquiera) puede comprobar el resultado.',
      ],
      label: 'Ver mis recompensas',
      closing: 'Gracias por ahorrar energía,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, v.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: v.rewardsUrl }, closing: copy.closing });
}
