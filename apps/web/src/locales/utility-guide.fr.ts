import type { utilityGuideEn } from './utility-guide.en';
import type { Translation } from './shape';

export const utilityGuideFr: Translation<typeof utilityGuideEn> = {
  title: 'Où trouver votre fichier Green Button',
  utilityLabel: 'Votre distributeur d’électricité',
  choose: 'Choisissez votre distributeur',
  provinces: { ON: 'Ontario', BC: 'Colombie-Britannique', QC: 'Québec' },
  ontario: 'Hydro One, Toronto Hydro, Alectra et Hydro Ottawa offrent tous « Green Button – Télécharger mes données ». Choisissez le vôtre pour savoir où le trouver.',
  alberta: 'Aucun des distributeurs indiqués ici ne dessert l’Alberta, et nous ne connaissons encore aucun distributeur albertain qui offre le téléchargement Green Button.',
  elsewhere: 'Choisissez votre distributeur pour savoir où se trouve son téléchargement.',
  format: 'Si un format vous est demandé, choisissez XML (Green Button). Peakwise lit les relevés horaires et aux 15 minutes.',
  instead: 'Branchez plutôt un appareil : une prise intelligente, ou un Shelly Pro 3EM à votre panneau électrique pour toute la maison.',
  connectDevice: 'Brancher un appareil',
  utilities: {
    hydroOne: { name: 'Hydro One', where: 'Connectez-vous à My Account sur hydroone.com et ouvrez Green Button Download My Data.', what: 'Vous obtenez un fichier XML de votre consommation, jusqu’à 24 mois en arrière.' },
    torontoHydro: { name: 'Toronto Hydro', where: 'Connectez-vous à votre compte en ligne Toronto Hydro et ouvrez Green Button Download My Data.', what: 'Vous obtenez un fichier XML de votre consommation pour les dates choisies.' },
    alectra: { name: 'Alectra Utilities', where: 'Ouvrez le portail Green Button d’Alectra et connectez-vous avec les renseignements de votre facture, confirmés par votre numéro de téléphone.', what: 'Vous obtenez un fichier XML de votre consommation.' },
    hydroOttawa: {
      name: 'Hydro Ottawa',
      where: 'Connectez-vous à MyAccount et ouvrez Green Button. Sans MyAccount, le portail Green Button demande le numéro de compte à 20 chiffres, le total en kWh et la date d’échéance de votre dernière facture.',
      what: 'Vous obtenez un fichier XML de votre consommation, jusqu’à 24 mois en arrière.',
    },
    bcHydro: { name: 'BC Hydro', where: 'Connectez-vous à MyHydro et téléchargez votre consommation d’électricité. Elle est offerte en CSV ou en XML Green Button : choisissez XML.', what: 'Jusqu’à trois ans en arrière, jusqu’à hier.' },
    hydroQuebec: { name: 'Hydro-Québec', where: 'Hydro-Québec n’offre pas de téléchargement Green Button. Son Espace client montre votre consommation par jour, par mois et par année, mais pas dans un fichier que Peakwise peut lire.', what: 'Il n’y a donc pour l’instant aucun fichier à importer d’Hydro-Québec.' },
  },
};
