import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { GREEN_BUTTON_UOM_WH, type GreenButtonFileError } from '@peakwise/contracts/green-button.contract';

/**
 * Reads a Green Button (ESPI Atom) file into its interval readings, in energy units Peakwise
 * stores. Pure: no clock, no database. Judging each reading (length, alignment, horizon) is left
 * to green-button.intervals.ts and the ingest validation; this file refuses only what makes the
 * whole file unusable (decision 046).
 *
 * Atom links tie the entries together: an IntervalBlock entry's `up` is its MeterReading (or
 * that MeterReading's `/IntervalBlock` collection), and the MeterReading names its ReadingType
 * with a `related` link (the ReadingType's `up` may point back at it too). Files in the wild
 * do not always link, so a file with one ReadingType uses it everywhere, and otherwise a block
 * falls back to the nearest ReadingType before it in the file.
 */

/** Delivered to the home (grid import) or received from it (grid export). */
export type GreenButtonFlow = 'delivered' | 'received';

export type GreenButtonReading = {
  /** Position in the file across all blocks, from 0: what refusals name. */
  index: number;
  /** Epoch seconds (UTC); null when missing or not an integer. */
  start: number | null;
  /** Seconds; null when missing or not an integer. */
  duration: number | null;
  /** Energy in kWh; null when the value is missing or not a number. */
  kwh: number | null;
  flow: GreenButtonFlow;
};

export type GreenButtonParse =
  | { ok: true; readings: GreenButtonReading[] }
  | { ok: false; error: Exclude<GreenButtonFileError, 'payload_too_large' | 'missing_file'>; message: string };

type Node = Record<string, unknown>;
type Link = { rel: string; href: string };

const ARRAYS = new Set(['entry', 'link', 'IntervalBlock', 'IntervalReading']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // espi:IntervalBlock and <IntervalBlock xmlns="http://naesb.org/espi"> read the same.
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  // No entity expansion: a file's numbers never need it, and it closes the "billion laughs" door.
  processEntities: false,
  isArray: (name) => ARRAYS.has(name),
});

/** flowDirection codes: 1 forward (delivered to the customer), 19 reverse (received from them). */
const FLOW_DELIVERED = 1;
const FLOW_RECEIVED = 19;
/** accumulationBehaviour: 4 = deltaData (each reading is the energy of its interval); 0 = not stated. */
const DELTA_OR_UNSTATED = new Set([0, 4]);

type ReadingType = { uom: number | null; powerOfTen: number; flow: number; accumulation: number; intervalLength: number | null };

export function parseGreenButton(xml: string): GreenButtonParse {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    return fail('malformed_xml', `The file is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`);
  }
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    return fail('malformed_xml', `The file is not well-formed XML (${error instanceof Error ? error.message : 'unreadable'})`);
  }
  const feed = asNode(document.feed);
  // A single resource is sometimes served as a bare <entry>.
  const entries = feed ? asArray(feed.entry) : asArray(document.entry);
  if (entries.length === 0) return fail('not_green_button', 'The file is XML but not a Green Button feed: it has no Atom entries.');

  type Parsed = { position: number; links: Link[]; content: Node };
  const parsed: Parsed[] = [];
  entries.forEach((raw, position) => {
    const entry = asNode(raw);
    const content = asNode(entry?.content);
    if (!entry || !content) return;
    parsed.push({ position, links: asArray(entry.link).flatMap((l) => linkOf(l)), content });
  });

  const readingTypes: { position: number; self: string | null; up: string | null; type: ReadingType }[] = [];
  const meterReadings: { self: string; related: string[] }[] = [];
  const blockEntries: { position: number; self: string | null; up: string | null; blocks: Node[] }[] = [];
  for (const entry of parsed) {
    const self = hrefOf(entry.links, 'self');
    const up = hrefOf(entry.links, 'up');
    const type = asNode(entry.content.ReadingType);
    if (type) readingTypes.push({ position: entry.position, self, up, type: readingTypeOf(type) });
    if (entry.content.MeterReading !== undefined && self) {
      meterReadings.push({ self, related: entry.links.filter((l) => l.rel === 'related').map((l) => l.href) });
    }
    const blocks = asArray(entry.content.IntervalBlock).flatMap((b) => {
      const node = asNode(b);
      return node ? [node] : [];
    });
    if (blocks.length > 0) blockEntries.push({ position: entry.position, self, up, blocks });
  }
  if (blockEntries.length === 0) return fail('no_readings', 'The file has no interval readings (IntervalBlock).');
  if (readingTypes.length === 0) return fail('not_green_button', 'The file has interval readings but no ReadingType, so their unit is unknown.');

  const typeOfBlockEntry = (block: (typeof blockEntries)[number]): ReadingType => {
    const meter = meterReadings.find((m) => block.up === m.self || block.up === `${m.self}/IntervalBlock` || (block.self?.startsWith(`${m.self}/`) ?? false));
    if (meter) {
      const linked = readingTypes.find((t) => (t.self !== null && meter.related.includes(t.self)) || t.up === meter.self);
      if (linked) return linked.type;
    }
    if (readingTypes.length === 1) return readingTypes[0]!.type;
    const before = readingTypes.filter((t) => t.position < block.position).at(-1);
    return (before ?? readingTypes[0]!).type;
  };

  const readings: GreenButtonReading[] = [];
  for (const block of blockEntries) {
    const type = typeOfBlockEntry(block);
    if (type.uom !== GREEN_BUTTON_UOM_WH) {
      return fail(
        'foreign_unit',
        type.uom === null
          ? 'The file does not say which unit its readings are in (ReadingType uom). Only watt-hours (uom 72) can be imported.'
          : `The file's readings are in unit ${type.uom}, not watt-hours (uom 72). Only electricity in Wh or kWh can be imported.`,
      );
    }
    if (type.flow !== FLOW_DELIVERED && type.flow !== FLOW_RECEIVED) {
      return fail('unsupported_reading_type', `The file has readings with flow direction ${type.flow}; only energy delivered (1) or received (19) can be imported.`);
    }
    if (!DELTA_OR_UNSTATED.has(type.accumulation)) {
      return fail('unsupported_reading_type', `The file has cumulative meter readings (accumulationBehaviour ${type.accumulation}); only interval energy (4, deltaData) can be imported.`);
    }
    const flow: GreenButtonFlow = type.flow === FLOW_RECEIVED ? 'received' : 'delivered';
    for (const blockNode of block.blocks) {
      const interval = asNode(blockNode.interval);
      const items = asArray(blockNode.IntervalReading);
      for (const item of items) {
        const reading = asNode(item) ?? {};
        const period = asNode(reading.timePeriod);
        // A reading without its own period is the whole block when it is alone; otherwise its
        // start is unknown and its length one ReadingType interval.
        const alone = items.length === 1;
        const start = integerOf(period?.start) ?? (alone ? integerOf(interval?.start) : null);
        const duration = integerOf(period?.duration) ?? (alone ? integerOf(interval?.duration) : null) ?? type.intervalLength;
        const value = numberOf(reading.value);
        readings.push({ index: readings.length, start, duration, kwh: value === null ? null : whToKwh(value, type.powerOfTen), flow });
      }
    }
  }
  if (readings.length === 0) return fail('no_readings', 'The file has no interval readings (IntervalReading).');
  return { ok: true, readings };
}

/**
 * value × 10^powerOfTen Wh in kWh. Dividing by an exact power of ten keeps 1234 Wh at 1.234 kWh,
 * where multiplying by 0.001 would give 1.2340000000000002.
 */
export function whToKwh(value: number, powerOfTen: number): number {
  const exponent = powerOfTen - 3;
  return exponent >= 0 ? value * 10 ** exponent : value / 10 ** -exponent;
}

function readingTypeOf(node: Node): ReadingType {
  return {
    uom: integerOf(node.uom),
    powerOfTen: integerOf(node.powerOfTenMultiplier) ?? 0,
    flow: integerOf(node.flowDirection) ?? FLOW_DELIVERED,
    accumulation: integerOf(node.accumulationBehaviour) ?? 0,
    intervalLength: integerOf(node.intervalLength),
  };
}

/** Hosts differ between a utility's absolute links and relative ones; the path is what names a resource. */
function normaliseHref(href: string): string {
  return href.trim().replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/+$/, '');
}

function linkOf(raw: unknown): Link[] {
  const node = asNode(raw);
  const href = node?.['@_href'];
  if (typeof href !== 'string') return [];
  const rel = node?.['@_rel'];
  return [{ rel: typeof rel === 'string' ? rel : 'alternate', href: normaliseHref(href) }];
}

function hrefOf(links: Link[], rel: string): string | null {
  return links.find((l) => l.rel === rel)?.href ?? null;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  const node = asNode(value);
  const text = node?.['#text'];
  return typeof text === 'string' ? text.trim() : null;
}

function numberOf(value: unknown): number | null {
  const text = textOf(value);
  if (text === null || !/^[+-]?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

function integerOf(value: unknown): number | null {
  const text = textOf(value);
  if (text === null || !/^[+-]?\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function asNode(value: unknown): Node | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : null;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function fail(error: Exclude<GreenButtonFileError, 'payload_too_large' | 'missing_file'>, message: string): GreenButtonParse {
  return { ok: false, error, message };
}
