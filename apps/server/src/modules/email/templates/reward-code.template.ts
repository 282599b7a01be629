import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Vars = { name: string; itemName: string; code: string; points: number; rewardsUrl: string };

/** The code of a redeemed gift card or discount, in the member's language (decision 039). */
export function rewardCodeTemplate(language: Language, v: Vars) {
  const copy = {
    en: {
      subject: `Your ${v.itemName} code`,
      paragraphs: [`Thank you for redeeming ${v.points} points. Here is your code for ${v.itemName}:`, v.code, 'It is also in your orders on the Rewards page.'],
      label: 'See your rewards',
      closing: 'Enjoy,',
    },
    fr: {
      subject: `Votre code : ${v.itemName}`,
      paragraphs: [`Merci d’avoir échangé ${v.points} points. Voici votre code pour ${v.itemName} :`, v.code, 'Il figure aussi dans vos commandes, à la page Récompenses.'],
      label: 'Voir vos récompenses',
      closing: 'Bonne utilisation,',
    },
    es: {
      subject: `Tu código: ${v.itemName}`,
      paragraphs: [`Gracias por canjear ${v.points} puntos. Este es tu código para ${v.itemName}:`, v.code, 'También está en tus pedidos, en la página Recompensas.'],
      label: 'Ver tus recompensas',
      closing: 'Que lo disfrutes,',
    },
  }[language];
  return renderEmail(language, {
    subject: copy.subject,
    greeting: greeting(language, v.name),
    paragraphs: copy.paragraphs,
    action: { label: copy.label, url: v.rewardsUrl },
    closing: copy.closing,
  });
}
