import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

type Vars = { name: string; amount: string; dueDate: string; month: string; billingUrl: string; unsubscribeUrl: string };

/** A statement's due date is near (decision 049): the email, and the short text SMS and push carry. */
export function billReminderTemplate(language: Language, v: Vars) {
  const copy = {
    en: {
      subject: `Your Peakwise bill of ${v.amount} is due ${v.dueDate}`,
      paragraphs: [`Your statement for ${v.month} is due ${v.dueDate}: ${v.amount}.`, `You receive this because bill reminder emails are on in your settings. Stop these emails: ${v.unsubscribeUrl}`],
      label: 'See your bill',
      closing: 'Thank you,',
    },
    fr: {
      subject: `Votre facture Peakwise de ${v.amount} est due le ${v.dueDate}`,
      paragraphs: [`Votre relevé de ${v.month} est dû le ${v.dueDate} : ${v.amount}.`, `Vous recevez ce courriel parce que les rappels de facture par courriel sont activés dans vos paramètres. Ne plus les recevoir : ${v.unsubscribeUrl}`],
      label: 'Voir ma facture',
      closing: 'Merci,',
    },
    es: {
      subject: `Tu factura de Peakwise de ${v.amount} vence el ${v.dueDate}`,
      paragraphs: [`Tu estado de cuenta de ${v.month} vence el ${v.dueDate}: ${v.amount}.`, `Recibes este correo porque los recordatorios de factura por correo están activados en tu configuración. Dejar de recibirlos: ${v.unsubscribeUrl}`],
      label: 'Ver mi factura',
      closing: 'Gracias,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, v.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: v.billingUrl }, closing: copy.closing });
}

/** The title and one sentence for a text message or a push notification. */
export function billReminderShortText(language: Language, v: { amount: string; dueDate: string }): { title: string; body: string } {
  return {
    en: { title: 'Bill due soon', body: `Your bill of ${v.amount} is due ${v.dueDate}.` },
    fr: { title: 'Facture bientôt due', body: `Votre facture de ${v.amount} est due le ${v.dueDate}.` },
    es: { title: 'Factura por vencer', body: `Tu factura de ${v.amount} vence el ${v.dueDate}.` },
  }[language];
}
