import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

export function verifyEmailTemplate(language: Language, vars: { name: string; url: string }) {
  const copy = {
    en: {
      subject: 'Confirm your email address for Peakwise',
      paragraphs: ['Welcome to Peakwise! Please confirm that this is your email address.', 'The link works for 24 hours. If you did not create a Peakwise account, you can ignore this message.'],
      label: 'Confirm my email address',
      closing: 'Thank you,',
    },
    fr: {
      subject: 'Confirmez votre adresse courriel pour Peakwise',
      paragraphs: ['Bienvenue chez Peakwise! Veuillez confirmer que cette adresse courriel est bien la vôtre.', 'Le lien est valide pendant 24 heures. Si vous n’avez pas créé de compte Peakwise, vous pouvez ignorer ce message.'],
      label: 'Confirmer mon adresse courriel',
      closing: 'Merci,',
    },
    es: {
      subject: 'Confirma tu correo electrónico para Peakwise',
      paragraphs: ['¡Te damos la bienvenida a Peakwise! Confirma que esta es tu dirección de correo electrónico.', 'El enlace es válido durante 24 horas. Si no creaste una cuenta de Peakwise, puedes ignorar este mensaje.'],
      label: 'Confirmar mi correo electrónico',
      closing: 'Gracias,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, vars.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: vars.url }, closing: copy.closing });
}
