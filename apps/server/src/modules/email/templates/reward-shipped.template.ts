import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Vars = { name: string; itemName: string; carrier: string | null; tracking: string; ordersUrl: string };

/** A physical order left the warehouse: the free plug or a reward (decision 090), with its tracking number. */
export function rewardShippedTemplate(language: Language, v: Vars) {
  const copy = {
    en: {
      subject: `Your ${v.itemName} has shipped`,
      paragraphs: [
        `Your ${v.itemName} is on its way.`,
        v.carrier ? `Carrier: ${v.carrier}. Tracking number: ${v.tracking}` : `Tracking number: ${v.tracking}`,
        'You can follow its status in Peakwise.',
      ],
      label: 'See its status',
      closing: 'Enjoy,',
    },
    fr: {
      subject: `Votre commande est expédiée : ${v.itemName}`,
      paragraphs: [
        `Votre commande (${v.itemName}) est en route.`,
        v.carrier ? `Transporteur : ${v.carrier}. Numéro de suivi : ${v.tracking}` : `Numéro de suivi : ${v.tracking}`,
        'Vous pouvez suivre son état dans Peakwise.',
      ],
      label: 'Voir son état',
      closing: 'Bonne utilisation,',
    },
    es: {
      subject: `Tu pedido ya se envió: ${v.itemName}`,
      paragraphs: [
        `Tu pedido (${v.itemName}) está en camino.`,
        v.carrier ? `Transportista: ${v.carrier}. Número de seguimiento: ${v.tracking}` : `Número de seguimiento: ${v.tracking}`,
        'Puedes seguir su estado en Peakwise.',
      ],
      label: 'Ver su estado',
      closing: 'Que lo disfrutes,',
    },
  }[language];
  return renderEmail(language, {
    subject: copy.subject,
    greeting: greeting(language, v.name),
    paragraphs: copy.paragraphs,
    action: { label: copy.label, url: v.ordersUrl },
    closing: copy.closing,
  });
}
