import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { meterHourly } from '../../db/schema/rollup.schema';

export type ExportHour = { hourStart: Date; gridImportKwh: number; gridExportKwh: number };

/** The household's hourly meter rollups with data in [start, end), oldest first: what a Green Button download carries. */
export async function readExportHours(db: DbOrTx, householdId: string, start: Date, end: Date): Promise<ExportHour[]> {
  return db
    .select({ hourStart: meterHourly.hourStart, gridImportKwh: meterHourly.gridImportKwh, gridExportKwh: meterHourly.gridExportKwh })
    .from(meterHourly)
    .where(and(eq(meterHourly.householdId, householdId), gte(meterHourly.hourStart, start), lt(meterHourly.hourStart, end), gt(meterHourly.intervalCount, 0)))
    .orderBy(asc(meterHourly.hourStart));
}
