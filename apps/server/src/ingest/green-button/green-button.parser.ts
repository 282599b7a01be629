import { SaxesParser } from 'saxes';
import { GREEN_BUTTON_UOM_WH, type GreenButtonFileError, type GreenButtonSkipReason } from '@peakwise/contracts/green-button.contract';
import { createSlicer, type Pause } from './green-button.slicer';

/**
 * Reads a Green Button (ESPI Atom) file into its interval readings, in energy units Peakwise
 * stores. No clock, no database. Judging each reading (length, alignment, horizon) is left to
 * green-button.intervals.ts and the ingest validation; this file refuses only what makes the
 * whole file unusable (decision 046).
 *
 * The file is read as a stream of tags (saxes), a slice at a time with the event loop let go
 * between slices (decision 081): a 20 MiB upload neither builds a document tree nor holds the
 * process. saxes expands no entity a DTD declares (an undeclared entity is an error), so neither
 * "billion laughs" nor an external entity can reach anything.
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
  /** Position in the file across all blocks, from 0 (skipped series included): what refusals name. */
  index: number;
  /** Epoch seconds (UTC); null when missing or not an integer. */
  start: number | null;
  /** Seconds; null when missing or not an integer. */
  duration: number | null;
  /** Energy in kWh; null when the value is missing or not a number. */
  kwh: number | null;
  flow: GreenButtonFlow;
};

/** A series of the file left out, with the ReadingType that says why. */
export type GreenButtonSkippedSeries = {
  meterReading: string | null;
  uom: number | null;
  flowDirection: number;
  accumulationBehaviour: number;
  readings: number;
  reason: GreenButtonSkipReason;
};

export type GreenButtonParse =
  /** readings: the energy readings, in file order; total: every IntervalReading of the file. */
  | { ok: true; readings: GreenButtonReading[]; total: number; skipped: GreenButtonSkippedSeries[] }
  | { ok: false; error: Exclude<GreenButtonFileError, 'payload_too_large' | 'missing_file'>; message: string };

export type ParseOptions = {
  /** Characters handed to the XML reader at a time, between pauses. */
  sliceChars?: number;
  /** Lets the event loop run; a resolved promise in tests that count slices. */
  pause?: Pause;
};

type Link = { rel: string; href: string };

/** flowDirection codes: 1 forward (delivered to the customer), 19 reverse (received from them). */
const FLOW_DELIVERED = 1;
const FLOW_RECEIVED = 19;
/** accumulationBehaviour: 4 = deltaData (each reading is the energy of its interval); 0 = not stated. */
const DELTA_OR_UNSTATED = new Set([0, 4]);
/** About a millisecond or two of reading per slice on the shared CI machine. */
const SLICE_CHARS = 32 * 1024;

type ReadingType = { uom: number | null; powerOfTen: number; flow: number; accumulation: number; intervalLength: number | null };
type ReadingTypeFields = Partial<Record<'uom' | 'powerOfTenMultiplier' | 'flowDirection' | 'accumulationBehaviour' | 'intervalLength', string>>;

/**
 * What the tag stream collected, before ReadingTypes are known: a reading's value is still in
 * the file's unit (Wh × 10^multiplier) in `kwh`, and its flow is settled once its block's
 * ReadingType is found. Kept as the reading objects the caller gets, so nothing is copied.
 */
type BlockEntry = { position: number; self: string | null; up: string | null; first: number; end: number; missingDuration: number[] };
type Collected = {
  entries: number;
  readingTypes: { position: number; self: string | null; up: string | null; type: ReadingType }[];
  meterReadings: { self: string; related: string[] }[];
  blockEntries: BlockEntry[];
  readings: GreenButtonReading[];
};

export async function parseGreenButton(xml: string, options: ParseOptions = {}): Promise<GreenButtonParse> {
  const slicer = createSlicer(options.pause);
  const collected = await collect(xml, options.sliceChars ?? SLICE_CHARS, slicer.pause);
  if ('error' in collected) return fail('malformed_xml', collected.error);
  const { readingTypes, meterReadings, blockEntries, readings } = collected;
  if (collected.entries === 0) return fail('not_green_button', 'The file is XML but not a Green Button feed: it has no Atom entries.');
  if (blockEntries.length === 0) return fail('no_readings', 'The file has no interval readings (IntervalBlock).');
  if (readingTypes.length === 0) return fail('not_green_button', 'The file has interval readings but no ReadingType, so their unit is unknown.');

  const typeOfBlockEntry = (block: BlockEntry): { type: ReadingType; meter: string | null } => {
    const meter = meterReadings.find((m) => block.up === m.self || block.up === `${m.self}/IntervalBlock` || (block.self?.startsWith(`${m.self}/`) ?? false));
    if (meter) {
      const linked = readingTypes.find((t) => (t.self !== null && meter.related.includes(t.self)) || t.up === meter.self);
      if (linked) return { type: linked.type, meter: meter.self };
    }
    if (readingTypes.length === 1) return { type: readingTypes[0]!.type, meter: meter?.self ?? null };
    const before = readingTypes.filter((t) => t.position < block.position).at(-1);
    return { type: (before ?? readingTypes[0]!).type, meter: meter?.self ?? null };
  };

  // Series that are not household energy are left out and counted (issue 30): a utility's file
  // carries weather, power factor or demand beside the meter's Wh, and those must not cost the
  // member the whole file. Only a file with no energy at all is refused.
  const skipped = new Map<string, GreenButtonSkippedSeries>();
  const kept = new Uint8Array(readings.length);
  let keptCount = 0;
  for (const block of blockEntries) {
    const { type, meter } = typeOfBlockEntry(block);
    const reason = skipReasonOf(type);
    if (reason) {
      const key = `${meter ?? ''}|${type.uom}|${type.flow}|${type.accumulation}`;
      const series = skipped.get(key) ?? { meterReading: meter, uom: type.uom, flowDirection: type.flow, accumulationBehaviour: type.accumulation, readings: 0, reason };
      series.readings += block.end - block.first;
      skipped.set(key, series);
      continue;
    }
    const flow: GreenButtonFlow = type.flow === FLOW_RECEIVED ? 'received' : 'delivered';
    for (let i = block.first; i < block.end; i++) {
      const reading = readings[i]!;
      reading.flow = flow;
      if (reading.kwh !== null) reading.kwh = whToKwh(reading.kwh, type.powerOfTen);
      kept[i] = 1;
      keptCount += 1;
      if (slicer.due()) await slicer.pause();
    }
    // A reading without its own period, in a block of several, is one ReadingType interval long.
    for (const i of block.missingDuration) readings[i]!.duration = type.intervalLength;
  }
  if (readings.length === 0) return fail('no_readings', 'The file has no interval readings (IntervalReading).');
  const skippedSeries = [...skipped.values()];
  if (keptCount === 0) return noEnergy(skippedSeries);
  const energy = keptCount === readings.length ? readings : readings.filter((r) => kept[r.index] === 1);
  return { ok: true, readings: energy, total: readings.length, skipped: skippedSeries };
}

function skipReasonOf(type: ReadingType): GreenButtonSkipReason | null {
  if (type.uom !== GREEN_BUTTON_UOM_WH) return 'not_energy';
  if (type.flow !== FLOW_DELIVERED && type.flow !== FLOW_RECEIVED) return 'unsupported_flow';
  if (!DELTA_OR_UNSTATED.has(type.accumulation)) return 'cumulative';
  return null;
}

/** Nothing in the file is household energy: the member is told which kind of file it is. */
function noEnergy(series: GreenButtonSkippedSeries[]): GreenButtonParse {
  const units = series.filter((s) => s.reason === 'not_energy');
  if (units.length === series.length) {
    const known = [...new Set(units.map((s) => s.uom).filter((u) => u !== null))];
    return fail(
      'foreign_unit',
      known.length === 0
        ? 'The file does not say which unit its readings are in (ReadingType uom). Only watt-hours (uom 72) can be imported.'
        : `The file's readings are in unit ${known.join(', ')}, not watt-hours (uom 72). Only electricity in Wh or kWh can be imported.`,
    );
  }
  const flow = series.find((s) => s.reason === 'unsupported_flow');
  if (flow) return fail('unsupported_reading_type', `The file has readings with flow direction ${flow.flowDirection}; only energy delivered (1) or received (19) can be imported.`);
  const cumulative = series.find((s) => s.reason === 'cumulative')!;
  return fail('unsupported_reading_type', `The file has cumulative meter readings (accumulationBehaviour ${cumulative.accumulationBehaviour}); only interval energy (4, deltaData) can be imported.`);
}

/**
 * The tag stream: entries with their links, ReadingTypes, MeterReadings and IntervalBlocks,
 * read by element names without their namespace prefix (utilities write both
 * `espi:IntervalBlock` and `<IntervalBlock xmlns="http://naesb.org/espi">`).
 */
async function collect(xml: string, sliceChars: number, pause: Pause): Promise<Collected | { error: string }> {
  const result: Collected = { entries: 0, readingTypes: [], meterReadings: [], blockEntries: [], readings: [] };
  const parser = new SaxesParser({ position: true });
  let failure: string | null = null;
  parser.on('error', (error) => {
    failure ??= `The file is not well-formed XML (line ${parser.line}, column ${parser.column + 1}: ${error.message.replace(/^\d+:\d+: /, '')})`;
  });

  // Names of the open elements, without prefixes; `root` tells a feed from a bare entry.
  const stack: string[] = [];
  let text = '';
  // The entry being read (at depth 1 under <feed>, or the root <entry>), and what it holds.
  let entryDepth = -1;
  let entry: { links: Link[]; readingType: ReadingTypeFields | null; meterReading: boolean; blocks: boolean; first: number; missingDuration: number[] } | null = null;
  // The IntervalBlock being read and its readings so far.
  let block: { intervalStart: string | null; intervalDuration: string | null; items: { start: string | null; duration: string | null; value: string | null }[] } | null = null;
  let item: { start: string | null; duration: string | null; value: string | null } | null = null;

  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  // Path below the entry's <content>: ['ReadingType', 'uom'], ['IntervalBlock', 'IntervalReading', 'value'], …
  const below = (depth: number) => stack.slice(entryDepth + 2, entryDepth + 2 + depth);

  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    stack.push(name);
    text = '';
    const depth = stack.length - 1;
    if (entry === null) {
      if (name === 'entry' && (depth === 0 || (depth === 1 && stack[0] === 'feed'))) {
        entryDepth = depth;
        entry = { links: [], readingType: null, meterReading: false, blocks: false, first: result.readings.length, missingDuration: [] };
      }
      return;
    }
    const within = depth - entryDepth;
    if (within === 1 && name === 'link') {
      const href = tag.attributes.href;
      const rel = tag.attributes.rel;
      if (typeof href === 'string') entry.links.push({ rel: typeof rel === 'string' ? rel : 'alternate', href: normaliseHref(href) });
      return;
    }
    if (stack[entryDepth + 1] !== 'content') return;
    if (within === 2) {
      if (name === 'ReadingType') entry.readingType = {};
      else if (name === 'MeterReading') entry.meterReading = true;
      else if (name === 'IntervalBlock') block = { intervalStart: null, intervalDuration: null, items: [] };
    } else if (within === 3 && block && name === 'IntervalReading') {
      item = { start: null, duration: null, value: null };
      block.items.push(item);
    }
  });

  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });

  parser.on('closetag', () => {
    const depth = stack.length - 1;
    const name = stack[depth]!;
    const value = text.trim();
    text = '';
    if (entry !== null && stack[entryDepth + 1] === 'content') {
      const path = below(depth - entryDepth - 1);
      const within = path.length;
      if (within === 2 && path[0] === 'ReadingType' && entry.readingType) {
        if (name === 'uom' || name === 'powerOfTenMultiplier' || name === 'flowDirection' || name === 'accumulationBehaviour' || name === 'intervalLength') {
          entry.readingType[name] = value;
        }
      } else if (within === 3 && path[0] === 'IntervalBlock' && path[1] === 'interval' && block) {
        if (name === 'start') block.intervalStart = value;
        else if (name === 'duration') block.intervalDuration = value;
      } else if (within === 3 && path[0] === 'IntervalBlock' && path[1] === 'IntervalReading' && item && name === 'value') {
        item.value = value;
      } else if (within === 4 && path[1] === 'IntervalReading' && path[2] === 'timePeriod' && item) {
        if (name === 'start') item.start = value;
        else if (name === 'duration') item.duration = value;
      } else if (within === 2 && name === 'IntervalReading') {
        item = null;
      } else if (within === 1 && name === 'IntervalBlock' && block) {
        closeBlock(block, entry, result);
        entry.blocks = true;
        block = null;
      }
    }
    if (entry !== null && depth === entryDepth) {
      closeEntry(entry, result);
      entry = null;
    }
    stack.pop();
  });

  for (let at = 0; at < xml.length && failure === null; at += sliceChars) {
    parser.write(xml.slice(at, at + sliceChars));
    await pause();
  }
  if (failure === null) parser.close();
  return failure === null ? result : { error: failure };
}

function closeBlock(block: NonNullable<{ intervalStart: string | null; intervalDuration: string | null; items: { start: string | null; duration: string | null; value: string | null }[] }>, entry: { missingDuration: number[] }, result: Collected) {
  // A reading without its own period is the whole block when it is alone; otherwise its start
  // is unknown and its length one ReadingType interval (filled in once the type is known).
  const alone = block.items.length === 1;
  for (const item of block.items) {
    const index = result.readings.length;
    const start = integerOf(item.start) ?? (alone ? integerOf(block.intervalStart) : null);
    const duration = integerOf(item.duration) ?? (alone ? integerOf(block.intervalDuration) : null);
    if (duration === null) entry.missingDuration.push(index);
    // The value in the file's unit until the ReadingType says what that is.
    result.readings.push({ index, start, duration, kwh: numberOf(item.value), flow: 'delivered' });
  }
}

function closeEntry(entry: { links: Link[]; readingType: ReadingTypeFields | null; meterReading: boolean; blocks: boolean; first: number; missingDuration: number[] }, result: Collected) {
  const position = result.entries;
  result.entries += 1;
  const self = hrefOf(entry.links, 'self');
  const up = hrefOf(entry.links, 'up');
  if (entry.readingType) result.readingTypes.push({ position, self, up, type: readingTypeOf(entry.readingType) });
  if (entry.meterReading && self) result.meterReadings.push({ self, related: entry.links.filter((l) => l.rel === 'related').map((l) => l.href) });
  if (entry.blocks) result.blockEntries.push({ position, self, up, first: entry.first, end: result.readings.length, missingDuration: entry.missingDuration });
}

/**
 * value × 10^powerOfTen Wh in kWh. Dividing by an exact power of ten keeps 1234 Wh at 1.234 kWh,
 * where multiplying by 0.001 would give 1.2340000000000002.
 */
export function whToKwh(value: number, powerOfTen: number): number {
  const exponent = powerOfTen - 3;
  return exponent >= 0 ? value * 10 ** exponent : value / 10 ** -exponent;
}

function readingTypeOf(fields: ReadingTypeFields): ReadingType {
  return {
    uom: integerOf(fields.uom),
    powerOfTen: integerOf(fields.powerOfTenMultiplier) ?? 0,
    flow: integerOf(fields.flowDirection) ?? FLOW_DELIVERED,
    accumulation: integerOf(fields.accumulationBehaviour) ?? 0,
    intervalLength: integerOf(fields.intervalLength),
  };
}

/** Hosts differ between a utility's absolute links and relative ones; the path is what names a resource. */
function normaliseHref(href: string): string {
  return href.trim().replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/+$/, '');
}

function hrefOf(links: Link[], rel: string): string | null {
  return links.find((l) => l.rel === rel)?.href ?? null;
}

function numberOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^[+-]?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

function integerOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^[+-]?\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function fail(error: Exclude<GreenButtonFileError, 'payload_too_large' | 'missing_file'>, message: string): GreenButtonParse {
  return { ok: false, error, message };
}
