import type { ComponentStatus } from '@peakwise/contracts/maintenance.contract';

export type ComponentColumn = 'name' | 'health' | 'status' | 'mtbf' | 'mttr' | 'last' | 'next';
export type ComponentSort = { column: ComponentColumn; direction: 'ascending' | 'descending' };

/** The server's order (health score descending, docs/product/domain-rules.md#maintenance). */
export const DEFAULT_SORT: ComponentSort = { column: 'health', direction: 'descending' };

/** Worst last when ascending; statuses we have no rank for sit after the known ones. */
const STATUS_RANK: Record<string, number> = { operational: 0, warning: 1, critical: 2, offline: 3 };

const keyOf = (c: ComponentStatus, column: ComponentColumn): string | number | null => {
  switch (column) {
    case 'name':
      return c.name;
    case 'health':
      return c.healthPct;
    case 'status':
      return STATUS_RANK[c.status] ?? 4;
    case 'mtbf':
      return c.mtbfHours;
    case 'mttr':
      return c.mttrHours;
    case 'last':
      return c.lastMaintenance;
    case 'next':
      return c.nextMaintenance;
  }
};

/** A sorted copy. Missing values (not scored, never maintained) go last whichever the direction. */
export function sortComponents(components: ComponentStatus[], sort: ComponentSort, locale: string): ComponentStatus[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...components].sort((a, b) => {
    const ka = keyOf(a, sort.column);
    const kb = keyOf(b, sort.column);
    if (ka === null || kb === null) return ka === kb ? collator.compare(a.name, b.name) : ka === null ? 1 : -1;
    // ISO dates compare as strings; names through the collator ("Panel 2" before "Panel 10").
    const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : collator.compare(String(ka), String(kb));
    return order === 0 ? collator.compare(a.name, b.name) : sign * order;
  });
}

/** Clicking the sorted column flips it; another column starts ascending. */
export const nextSort = (current: ComponentSort, column: ComponentColumn): ComponentSort =>
  current.column === column ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { column, direction: 'ascending' };
