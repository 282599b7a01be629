import { randomUUID } from 'node:crypto';
import { GREEN_BUTTON_EXPORT_INTERVAL_SECONDS, GREEN_BUTTON_EXPORT_POWER_OF_TEN, GREEN_BUTTON_UOM_WH } from '@peakwise/contracts/green-button.contract';
import { utcOffsetMs, type LocalDay } from '@peakwise/domain/local-time';
import type { ExportHour } from './green-button-export.repository';

/**
 * Writes a household's meter as a Green Button (ESPI Atom) feed (decision 046): one UsagePoint,
 * its LocalTimeParameters, a MeterReading of energy delivered (grid import) and, when the home
 * ever exported, one of energy received (grid export). Readings are hourly, in milliwatt-hours
 * (uom 72, powerOfTenMultiplier -3) so the file carries the stored values to the milliwatt-hour
 * instead of rounding each hour to a watt-hour; one IntervalBlock per local day (23, 24 or 25
 * hours). Pure: ids and the clock are passed in.
 */

export type GreenButtonFeed = {
  timeZone: string;
  /** The local days asked for, in order. */
  days: readonly LocalDay[];
  hours: readonly ExportHour[];
  generatedAt: Date;
  /** urn:uuid ids; random when omitted. */
  newId?: () => string;
};

const ESPI = 'http://naesb.org/espi';
/** Energy delivered / received (flowDirection), as interval data (accumulationBehaviour deltaData), electricity, kind energy. */
const FLOW = { delivered: 1, received: 19 } as const;
/**
 * North American DST rules in ESPI's encoding (second Sunday of March and first Sunday of
 * November at 02:00), the rules of every Canadian zone that changes its clocks.
 */
const NORTH_AMERICAN_DST = { start: '360E2000', end: 'B40E2000' };
const NO_DST = '00000000';

export function writeGreenButton(feed: GreenButtonFeed): string {
  const newId = feed.newId ?? randomUUID;
  const updated = iso(feed.generatedAt);
  const base = '/espi/1_1/resource/RetailCustomer/1/UsagePoint/1';
  const exported = feed.hours.some((h) => h.gridExportKwh > 0);
  const flows: (keyof typeof FLOW)[] = exported ? ['delivered', 'received'] : ['delivered'];

  const entry = (links: [string, string][], title: string, content: string) =>
    `  <entry>\n    <id>urn:uuid:${newId()}</id>\n${links.map(([rel, href]) => `    <link rel="${rel}" href="${href}"/>\n`).join('')}    <title>${title}</title>\n    <content>\n${content}    </content>\n    <published>${updated}</published>\n    <updated>${updated}</updated>\n  </entry>\n`;

  const parts: string[] = [];
  parts.push(`<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="${ESPI}">\n`);
  parts.push(`  <id>urn:uuid:${newId()}</id>\n  <title>Peakwise Green Button Download My Data</title>\n  <updated>${updated}</updated>\n`);
  parts.push(
    entry(
      [
        ['self', base],
        ['up', '/espi/1_1/resource/RetailCustomer/1/UsagePoint'],
        ['related', `${base}/MeterReading`],
        ['related', '/espi/1_1/resource/LocalTimeParameters/1'],
      ],
      'Household meter',
      `      <espi:UsagePoint>\n        <espi:ServiceCategory><espi:kind>0</espi:kind></espi:ServiceCategory>\n      </espi:UsagePoint>\n`,
    ),
  );
  parts.push(entry([['self', '/espi/1_1/resource/LocalTimeParameters/1'], ['up', '/espi/1_1/resource/LocalTimeParameters']], escapeXml(feed.timeZone), localTimeParameters(feed)));

  flows.forEach((flow, k) => {
    const meter = `${base}/MeterReading/${k + 1}`;
    const readingType = `/espi/1_1/resource/ReadingType/${k + 1}`;
    const title = flow === 'delivered' ? 'Energy delivered (grid import)' : 'Energy received (grid export)';
    parts.push(entry([['self', meter], ['up', `${base}/MeterReading`], ['related', `${meter}/IntervalBlock`], ['related', readingType]], title, '      <espi:MeterReading/>\n'));
    parts.push(
      entry(
        [['self', readingType], ['up', '/espi/1_1/resource/ReadingType']],
        title,
        [
          '      <espi:ReadingType>\n',
          '        <espi:accumulationBehaviour>4</espi:accumulationBehaviour>\n',
          '        <espi:commodity>1</espi:commodity>\n',
          `        <espi:flowDirection>${FLOW[flow]}</espi:flowDirection>\n`,
          `        <espi:intervalLength>${GREEN_BUTTON_EXPORT_INTERVAL_SECONDS}</espi:intervalLength>\n`,
          '        <espi:kind>12</espi:kind>\n',
          `        <espi:powerOfTenMultiplier>${GREEN_BUTTON_EXPORT_POWER_OF_TEN}</espi:powerOfTenMultiplier>\n`,
          `        <espi:uom>${GREEN_BUTTON_UOM_WH}</espi:uom>\n`,
          '      </espi:ReadingType>\n',
        ].join(''),
      ),
    );
    parts.push(entry([['self', `${meter}/IntervalBlock/1`], ['up', `${meter}/IntervalBlock`]], title, intervalBlocks(feed, flow)));
  });
  parts.push('</feed>\n');
  return parts.join('');
}

function intervalBlocks(feed: GreenButtonFeed, flow: keyof typeof FLOW): string {
  const out: string[] = [];
  let h = 0;
  for (const day of feed.days) {
    const start = day.start.getTime();
    const end = day.end.getTime();
    while (h < feed.hours.length && feed.hours[h]!.hourStart.getTime() < start) h += 1;
    const readings: string[] = [];
    for (; h < feed.hours.length && feed.hours[h]!.hourStart.getTime() < end; h += 1) {
      const hour = feed.hours[h]!;
      const kwh = flow === 'delivered' ? hour.gridImportKwh : hour.gridExportKwh;
      readings.push(
        `        <espi:IntervalReading><espi:timePeriod><espi:duration>${GREEN_BUTTON_EXPORT_INTERVAL_SECONDS}</espi:duration><espi:start>${hour.hourStart.getTime() / 1000}</espi:start></espi:timePeriod><espi:value>${toValue(kwh)}</espi:value></espi:IntervalReading>\n`,
      );
    }
    if (readings.length === 0) continue;
    out.push(
      `      <espi:IntervalBlock>\n        <espi:interval><espi:duration>${(end - start) / 1000}</espi:duration><espi:start>${start / 1000}</espi:start></espi:interval>\n${readings.join('')}      </espi:IntervalBlock>\n`,
    );
  }
  return out.join('');
}

/** kWh as the integer value of a reading in Wh × 10^GREEN_BUTTON_EXPORT_POWER_OF_TEN. */
export function toValue(kwh: number): number {
  return Math.round(kwh * 10 ** (3 - GREEN_BUTTON_EXPORT_POWER_OF_TEN));
}

/** Standard offset and DST shift of the zone in the first exported year, from its January and July offsets. */
function localTimeParameters(feed: GreenButtonFeed): string {
  const year = (feed.days[0]?.start ?? feed.generatedAt).getUTCFullYear();
  const january = utcOffsetMs(new Date(Date.UTC(year, 0, 15)), feed.timeZone) / 1000;
  const july = utcOffsetMs(new Date(Date.UTC(year, 6, 15)), feed.timeZone) / 1000;
  const standard = Math.min(january, july);
  const dst = Math.abs(july - january);
  return [
    '      <espi:LocalTimeParameters>\n',
    `        <espi:dstEndRule>${dst > 0 ? NORTH_AMERICAN_DST.end : NO_DST}</espi:dstEndRule>\n`,
    `        <espi:dstOffset>${dst}</espi:dstOffset>\n`,
    `        <espi:dstStartRule>${dst > 0 ? NORTH_AMERICAN_DST.start : NO_DST}</espi:dstStartRule>\n`,
    `        <espi:tzOffset>${standard}</espi:tzOffset>\n`,
    '      </espi:LocalTimeParameters>\n',
  ].join('');
}

function iso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
