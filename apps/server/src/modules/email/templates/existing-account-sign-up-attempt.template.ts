import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

/** Sent to the owner when someone signs up with an address that already has an account. */
export function existingAccountSignUpAttemptTemplate(language: Language, vars: { name: string; signInUrl: string }) {
  const copy = {
    en: {
      subject: 'Someone tried to sign up to Peakwise with your email address',
      paragraphs: ['Someone just tried to create a Peakwise account with your email address, which already has an account.', 'If it was you, simply sign in. If you forgot your password, choose “Forgot password?” on the sign-in panel to reset it. If it was not you, you do not need to do anything: your account is unchanged.'],
      label: 'Sign in to Peakwise',
      closing: 'Thank you,',
    },
    fr: {
      subject: 'Quelqu’un a tenté de s’inscrire à Peakwise avec votre adresse courriel',
      paragraphs: ['Quelqu’un vient de tenter de créer un compte Peakwise avec votre adresse courriel, qui a déjà un compte.', 'Si c’était vous, connectez-vous simplement. Si vous avez oublié votre mot de passe, choisissez « Mot de passe oublié? » dans le panneau de connexion pour le réinitialiser. Si ce n’était pas vous, vous n’avez rien à faire : votre compte n’a pas changé.'],
      label: 'Se connecter à Peakwise',
      closing: 'Merci,',
    },
    es: {
      subject: 'Alguien intentó registrarse en Peakwise con tu correo electrónico',
      paragraphs: ['Alguien acaba de intentar crear una cuenta de Peakwise con tu correo electrónico, que ya tiene una cuenta.', 'Si fuiste tú, simplemente inicia sesión. Si olvidaste tu contraseña, elige «¿Olvidaste tu contraseña?» en el panel de inicio de sesión para restablecerla. Si no fuiste tú, no tienes que hacer nada: tu cuenta no ha cambiado.'],
      label: 'Iniciar sesión en Peakwise',
      closing: 'Gracias,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, vars.name), paragraphs: copy.paragraphs, action: { label: copy.label, url: vars.signInUrl }, closing: copy.closing });
}
