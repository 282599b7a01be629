import type { ComponentStatus } from '@peakwise/contracts/maintenance.contract';

export type ComponentColumn = 'name' | 'health' | 'status' | 'mtbf' | 'mttr' | 'last' | 'next';
export type ComponentSort = { column: ComponentColumn; direction: 'ascending' | 'descending' };

/** The server's order (health score descending, docs/product/domain-rules.md#maintenance). */
export const DEFAULT_SORT: ComponentSort = { column: 'health', direction: 'descending' };

/** Worst last when ascending; statuses we have no rank for sit after the known ones. */
const STATUS_RANK: Record<string, number> = { operational: 0, warning: 1, critical: 2, offline: 3 };

type NameOf = (c: ComponentStatus) => string;

const keyOf = (c: ComponentStatus, column: ComponentColumn, nameOf: NameOf): string | number | null => {
  switch (column) {
    case 'name':
      return nameOf(c);
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

/**
 * A sorted copy. Missing values (not scored, never maintained) go last whichever the direction.
 * Names sort as shown (`nameOf`), so a translated name sits where the reader looks for it.
 */
export function sortComponents(components: ComponentStatus[], sort: ComponentSort, locale: string, nameOf: NameOf = (c) => c.name): ComponentStatus[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...components].sort((a, b) => {
    const ka = keyOf(a, sort.column, nameOf);
    const kb = keyOf(b, sort.column, nameOf);
    if (ka === null || kb === null) return ka === kb ? collator.compare(nameOf(a), nameOf(b)) : ka === null ? 1 : -1;
    // ISO dates compare as strings; names through the collator ("Panel 2" before "Panel 10").
    const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : collator.compare(String(ka), String(kb));
    return order === 0 ? collator.compare(nameOf(a), nameOf(b)) : sign * order;
  });
}

/** Clicking the sorted column flips it; another column starts ascending. */
export const nextSort = (current: ComponentSort, column: ComponentColumn): ComponentSort =>
  current.column === column ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { column, direction: 'ascending' };
