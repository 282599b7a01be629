import type { Language } from '@peakwise/contracts/account.contract';
import { greeting, renderEmail } from './layout';

export function accountDeletedTemplate(language: Language, vars: { name: string }) {
  const copy = {
    en: {
      subject: 'Your Peakwise account has been deleted',
      paragraphs: ['Your Peakwise account has been deleted as you asked. Your name, email address, birth date and sign-in methods have been erased, and every device has been signed out.', 'Records that no longer identify you, such as past energy readings and points history, are kept without your name or address. If you did not ask for this, contact our support team.'],
      closing: 'Thank you for saving energy with us,',
    },
    fr: {
      subject: 'Votre compte Peakwise a été supprimé',
      paragraphs: ['Votre compte Peakwise a été supprimé comme vous l’avez demandé. Votre nom, votre adresse courriel, votre date de naissance et vos moyens de connexion ont été effacés, et tous vos appareils ont été déconnectés.', 'Les données qui ne vous identifient plus, comme l’historique de consommation et de points, sont conservées sans votre nom ni votre adresse. Si vous n’avez rien demandé, communiquez avec notre équipe de soutien.'],
      closing: 'Merci d’avoir économisé l’énergie avec nous,',
    },
    es: {
      subject: 'Se eliminó tu cuenta de Peakwise',
      paragraphs: ['Eliminamos tu cuenta de Peakwise como lo pediste. Borramos tu nombre, correo electrónico, fecha de nacimiento y métodos de inicio de sesión, y cerramos la sesión en todos tus dispositivos.', 'Los registros que ya no te identifican, como el historial de consumo y de puntos, se conservan sin tu nombre ni tu dirección. Si no lo pediste, ponte en contacto con nuestro equipo de soporte.'],
      closing: 'Gracias por ahorrar energía con nosotros,',
    },
  }[language];
  return renderEmail(language, { subject: copy.subject, greeting: greeting(language, vars.name), paragraphs: copy.paragraphs, closing: copy.closing });
}
