import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

export function resetPasswordTemplate(language: Language, vars: { name: string; url: string }) {
  const copy = {
    en: {
      subject: 'Reset your Peakwise password',
      paragraphs: ['Someone asked to reset the password of your Peakwise account. If it was you, choose a new password with the link below.', 'The link works once, for 30 minutes. If you did not ask for this, ignore this message: your password stays the same.'],
      label: 'Choose a new password',
      closing: 'Stay safe,',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe Peakwise',
      paragraphs: ['Une demande de réinitialisation du mot de passe de votre compte Peakwise a été faite. Si c’était vous, choisissez un nouveau mot de passe avec le lien ci-dessous.', 'Le lien ne fonctionne qu’une fois, pendant 30 minutes. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.'],
      label: 'Choisir un nouveau mot de passe',
      closing: 'Prudence,',
    },
    es: {
      subject: 'Restablece tu contraseña de Peakwise',
      paragraphs: ['Alguien pidió restablecer la contraseña de tu cuenta de Peakwise. Si fuiste tú, elige una nueva contraseña con el siguiente enlace.', 'El enlace funciona una sola vez, durante 30 minutos. Si no lo pediste, ignora este mensaje: tu contraseña no cambia.'],
      label: 'Elegir una nueva contraseña',
      closing: 'Un saludo,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, vars.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: vars.url }, closing: copy.closing });
}
