export const chartsEn = {
  noData: 'No data',
  notYet: 'Not yet',
  showTable: 'Show as table',
  hideTable: 'Hide table',
  keyboardHint: 'Use the left and right arrow keys to read each value.',
  valueAxis: 'Values in {{unit}}',
  units: {
    kWh: 'kWh',
    W: 'W',
    L: 'L',
    percent: '%',
    cad: '$ (CAD)',
  },
  missingCount_one: '{{count}} period without data',
  missingCount_other: '{{count}} periods without data',
};
