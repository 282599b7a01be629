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
    freePlug: { title: 'Obtenez votre prise intelligente gratuite', body: 'Chaque foyer membre reçoit une prise intelligente gratuite (valeur de 29,99 $). Nous l’expédions à votre adresse au Canada.', action: 'Commander ma prise gratuite', skip: 'J’ai déjà une prise' },
    connectData: { title: 'Branchez un appareil ou importez le fichier de votre distributeur', body: 'Votre consommation, vos coûts et vos économies ont besoin des lectures de votre domicile.', action: 'Ajouter un appareil', import: 'Importer un fichier Green Button', plugTitle: 'Connectez votre prise', plugBody: 'Quand votre prise Peakwise arrive, branchez-la et reliez-la à votre Wi‑Fi avec sa propre application ; Peakwise vous montre ensuite quoi y saisir.', plugAction: 'Connecter votre prise', whereToFind: 'Où trouver votre fichier Green Button' },
    eventNotifications: { title: 'Activez les avis d’événements', body: 'Soyez averti des événements d’économie d’énergie avant leur début.', action: 'Choisir les avis' },
    eventOptIn: { title: 'Participez aux événements de votre région', body: 'Participez aux événements d’économie d’énergie et gagnez des points.', action: 'Participer aux événements' },
  },
  freePlug: {
    homeNote: 'Ce code postal devient aussi celui de votre domicile, qui fixe votre province, votre fuseau horaire et vos tarifs d’électricité. Vous pouvez le modifier dans les Paramètres.',
    dialogTitle: 'Votre prise intelligente gratuite',
    dialogIntro: 'Gratuite pour votre foyer, d’une valeur de 29,99 $. Où devons-nous l’expédier ?',
    confirm: 'Commander ma prise gratuite',
    ordering: 'Commande en cours…',
    cancel: 'Annuler',
    fixAddress: 'Vérifiez l’adresse : certains champs sont à corriger.',
    network: 'La commande n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.',
    skipFailed: 'Ce choix n’a pas été enregistré. Réessayez.',
    status: {
      skipped: 'Étape passée : vous avez déjà une prise.',
      ordered: 'Commandée. Nous vous écrirons à son expédition.',
      shipped: 'Expédiée. Numéro de suivi : {{tracking}}',
      shippedBy: 'Expédiée par {{carrier}}. Numéro de suivi : {{tracking}}',
      delivered: 'Livrée. Profitez bien de votre prise !',
    },
    serverErrors: {
      alreadyOrdered: 'Votre foyer a déjà commandé sa prise intelligente gratuite.',
      notServed: 'La prise intelligente gratuite n’est expédiée que dans les provinces desservies par Peakwise.',
      unavailable: 'Les prises intelligentes gratuites ne sont pas offertes pour le moment.',
      keyReused: 'Cette commande n’a pas pu être envoyée. Fermez cette fenêtre et réessayez.',
    },
  },
  connectPlug: { title: 'Connectez votre prise', pairing: 'Préparation des réglages de votre prise…', failed: 'Votre prise n’a pas pu être associée. Fermez cette fenêtre et réessayez.' },
  resend: { sent: 'Envoyé. Consultez votre boîte de réception.', tooSoon: 'Un courriel a été envoyé il y a moins d’une minute. Réessayez sous peu.', failed: 'Le courriel n’a pas pu être envoyé. Réessayez.' },
};
