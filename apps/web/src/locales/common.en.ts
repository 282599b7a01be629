export const commonEn = {
  brand: 'Peakwise',
  language: {
    label: 'Language',
    en: 'English',
    fr: 'Français',
    es: 'Español',
  },
  loading: 'Loading…',
  close: 'Close',
  rooms: {
    livingRoom: 'Living Room',
    kitchen: 'Kitchen',
    bedroom: 'Bedroom',
    bathroom: 'Bathroom',
    office: 'Office',
  },
  solarArray: 'Solar array',
};
