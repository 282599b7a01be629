import type { Translation } from './shape';
import type { commonEn } from './common.en';

export const commonFr: Translation<typeof commonEn> = {
  brand: 'Peakwise',
  language: {
    label: 'Langue',
    en: 'English',
    fr: 'Français',
    es: 'Español',
  },
  loading: 'Chargement…',
  close: 'Fermer',
  rooms: {
    livingRoom: 'Salon',
    kitchen: 'Cuisine',
    bedroom: 'Chambre',
    bathroom: 'Salle de bain',
    office: 'Bureau',
  },
  solarArray: 'Panneaux solaires',
};
