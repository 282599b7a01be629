import type { Translation } from './shape';
import type { firstStepsEn } from './first-steps.en';

export const firstStepsFr: Translation<typeof firstStepsEn> = {
  title: 'Pour commencer',
  intro: 'Quelques étapes pour profiter pleinement de Peakwise. Chacune se coche d’elle-même une fois faite.',
  progress: '{{done}} sur {{total}} faites',
  done: 'Fait',
  notDone: 'Pas encore fait',
  dismiss: 'Masquer ces étapes',
  steps: {
    confirmEmail: { title: 'Confirmez votre adresse courriel', body: 'Suivez le lien que nous vous avons envoyé pour que nous puissions vous joindre au sujet de votre compte.', action: 'Renvoyer le courriel' },
    connectData: { title: 'Branchez un appareil ou importez le fichier de votre distributeur', body: 'Votre consommation, vos coûts et vos économies ont besoin des lectures de votre domicile.', action: 'Ajouter un appareil', import: 'Importer un fichier Green Button' },
    eventNotifications: { title: 'Activez les avis d’événements', body: 'Soyez averti des événements d’économie d’énergie avant leur début.', action: 'Choisir les avis' },
    eventOptIn: { title: 'Participez aux événements de votre région', body: 'Participez aux événements d’économie d’énergie et gagnez des points.', action: 'Participer aux événements' },
  },
  resend: { sent: 'Envoyé. Consultez votre boîte de réception.', tooSoon: 'Un courriel a été envoyé il y a moins d’une minute. Réessayez sous peu.', failed: 'Le courriel n’a pas pu être envoyé. Réessayez.' },
};
