import type { GreenButtonExportQuery } from '@peakwise/contracts/green-button.contract';
import { localDay, localDatesInRange } from '@peakwise/domain/local-time';
import type { Db } from '../../db/client';
import { readExportHours } from './green-button-export.repository';
import { writeGreenButton } from './green-button.writer';

/** The household's meter over the member's local dates `from`…`to` (both included) as a Green Button file. */
export async function exportGreenButton(db: Db, household: { id: string; timeZone: string }, range: GreenButtonExportQuery, now: Date): Promise<string> {
  const days = localDatesInRange(range.from, range.to).map((date) => localDay(date, household.timeZone));
  const hours = await readExportHours(db, household.id, days[0]!.start, days.at(-1)!.end);
  return writeGreenButton({ timeZone: household.timeZone, days, hours, generatedAt: now });
}
