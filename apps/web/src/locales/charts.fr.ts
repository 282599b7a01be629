import type { Translation } from './shape';
import type { chartsEn } from './charts.en';

export const chartsFr: Translation<typeof chartsEn> = {
  noData: 'Aucune donnée',
  notYet: 'Pas encore',
  showTable: 'Afficher en tableau',
  hideTable: 'Masquer le tableau',
  keyboardHint: 'Utilisez les flèches gauche et droite pour lire chaque valeur.',
  valueAxis: 'Valeurs en {{unit}}',
  units: {
    kWh: 'kWh',
    W: 'W',
    L: 'L',
    percent: '%',
    cad: '$ CA',
  },
  missingCount_one: '{{count}} période sans données',
  missingCount_other: '{{count}} périodes sans données',
};
