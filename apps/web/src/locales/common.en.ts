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
};
