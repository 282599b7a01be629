import type { DeviceSummary } from '@peakwise/contracts/devices.contract';

export type SortColumn = 'name' | 'room' | 'status' | 'power' | 'efficiency';
export type SortState = { column: SortColumn; direction: 'ascending' | 'descending' };

/** Worst first when sorting status descending; unknown statuses sit after the known ones. */
const STATUS_RANK: Record<string, number> = { operational: 0, warning: 1, critical: 2, offline: 3 };

const keyOf = (d: DeviceSummary, column: SortColumn): string | number | null => {
  switch (column) {
    case 'name':
      return d.name;
    case 'room':
      return d.room;
    case 'status':
      return STATUS_RANK[d.status] ?? 4;
    case 'power':
      return d.powerW;
    case 'efficiency':
      return d.efficiencyPct;
  }
};

/** A sorted copy. Missing values (no room, no power) always go last, whichever the direction. */
export function sortDevices(devices: DeviceSummary[], sort: SortState, locale: string): DeviceSummary[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...devices].sort((a, b) => {
    const ka = keyOf(a, sort.column);
    const kb = keyOf(b, sort.column);
    if (ka === null || kb === null) return ka === kb ? collator.compare(a.name, b.name) : ka === null ? 1 : -1;
    const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : collator.compare(String(ka), String(kb));
    return order === 0 ? collator.compare(a.name, b.name) : sign * order;
  });
}

/** Clicking the sorted column flips it; another column starts ascending. */
export const nextSort = (current: SortState, column: SortColumn): SortState =>
  current.column === column ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { column, direction: 'ascending' };
