import type { Translation } from './shape';
import type { chartsEn } from './charts.en';

export const chartsEs: Translation<typeof chartsEn> = {
  noData: 'Sin datos',
  notYet: 'Todavía no',
  showTable: 'Mostrar como tabla',
  hideTable: 'Ocultar tabla',
  keyboardHint: 'Use las flechas izquierda y derecha para leer cada valor.',
  valueAxis: 'Valores en {{unit}}',
  units: {
    kWh: 'kWh',
    W: 'W',
    L: 'L',
    percent: '%',
    cad: '$ (CAD)',
  },
  missingCount_one: '{{count}} periodo sin datos',
  missingCount_other: '{{count}} periodos sin datos',
};
