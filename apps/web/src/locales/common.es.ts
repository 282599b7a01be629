import type { Translation } from './shape';
import type { commonEn } from './common.en';

export const commonEs: Translation<typeof commonEn> = {
  brand: 'Peakwise',
  language: {
    label: 'Idioma',
    en: 'English',
    fr: 'Français',
    es: 'Español',
  },
  loading: 'Cargando…',
  close: 'Cerrar',
  rooms: {
    livingRoom: 'Sala de estar',
    kitchen: 'Cocina',
    bedroom: 'Dormitorio',
    bathroom: 'Baño',
    office: 'Oficina',
  },
  solarArray: 'Paneles solares',
};
