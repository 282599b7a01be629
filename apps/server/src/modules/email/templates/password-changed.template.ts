import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

export function passwordChangedTemplate(language: Language, vars: { name: string; resetUrl: string }) {
  const copy = {
    en: {
      subject: 'Your Peakwise password was changed',
      paragraphs: ['The password of your Peakwise account was just changed.', 'If it was you, there is nothing to do. If it was not, reset your password now with the link below and review the connected devices in Settings.'],
      label: 'Reset my password',
      closing: 'Stay safe,',
    },
    fr: {
      subject: 'Votre mot de passe Peakwise a été modifié',
      paragraphs: ['Le mot de passe de votre compte Peakwise vient d’être modifié.', 'Si c’était vous, vous n’avez rien à faire. Sinon, réinitialisez votre mot de passe dès maintenant avec le lien ci-dessous et vérifiez les appareils connectés dans les paramètres.'],
      label: 'Réinitialiser mon mot de passe',
      closing: 'Prudence,',
    },
    es: {
      subject: 'Se cambió tu contraseña de Peakwise',
      paragraphs: ['Se acaba de cambiar la contraseña de tu cuenta de Peakwise.', 'Si fuiste tú, no tienes que hacer nada. Si no, restablece tu contraseña ahora con el siguiente enlace y revisa los dispositivos conectados en Configuración.'],
      label: 'Restablecer mi contraseña',
      closing: 'Un saludo,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, vars.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: vars.resetUrl }, closing: copy.closing });
}
