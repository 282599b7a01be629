import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

/** Sent to the NEW address: the account email changes only when this link is followed. */
export function emailChangeConfirmationTemplate(language: Language, vars: { name: string; newEmail: string; url: string }) {
  const copy = {
    en: {
      subject: 'Confirm your new Peakwise email address',
      paragraphs: [`You asked to use ${vars.newEmail} for your Peakwise account. Confirm the change with the link below; until then, your current address stays in use.`, 'The link works for 24 hours. If you did not ask for this, ignore this message.'],
      label: 'Confirm my new email address',
      closing: 'Thank you,',
    },
    fr: {
      subject: 'Confirmez votre nouvelle adresse courriel Peakwise',
      paragraphs: [`Vous avez demandé à utiliser ${vars.newEmail} pour votre compte Peakwise. Confirmez le changement avec le lien ci-dessous; d’ici là, votre adresse actuelle reste en usage.`, 'Le lien est valide pendant 24 heures. Si vous n’avez rien demandé, ignorez ce message.'],
      label: 'Confirmer ma nouvelle adresse',
      closing: 'Merci,',
    },
    es: {
      subject: 'Confirma tu nuevo correo electrónico de Peakwise',
      paragraphs: [`Pediste usar ${vars.newEmail} en tu cuenta de Peakwise. Confirma el cambio con el siguiente enlace; hasta entonces, seguimos usando tu dirección actual.`, 'El enlace es válido durante 24 horas. Si no lo pediste, ignora este mensaje.'],
      label: 'Confirmar mi nuevo correo',
      closing: 'Gracias,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, vars.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: vars.url }, closing: copy.closing });
}
