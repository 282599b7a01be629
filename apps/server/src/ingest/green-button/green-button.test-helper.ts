/**
 * Test files shaped like a utility's Green Button download (ESPI Atom): a UsagePoint,
 * LocalTimeParameters, and per series a MeterReading linked to its ReadingType and its
 * IntervalBlock entry. Written for these tests from the published element names; `prefixed`
 * switches between the two namespace styles utilities use (espi: prefixes or a default
 * namespace on each content element). Test-only.
 */

export type FixtureSeries = {
  flowDirection?: number;
  uom?: number;
  powerOfTenMultiplier?: number;
  accumulationBehaviour?: number;
  intervalLength?: number;
  /** [start epoch s, duration s, value] per IntervalReading; one IntervalBlock per `blockSize` readings. */
  readings: [number, number, number | string][];
  blockSize?: number;
};

export function greenButtonFixture(series: FixtureSeries[], options: { prefixed?: boolean; readingTypeLast?: boolean } = {}): string {
  const p = options.prefixed ? 'espi:' : '';
  const ns = options.prefixed ? '' : ' xmlns="http://naesb.org/espi"';
  const root = 'https://utility.example/DataCustodian/espi/1_1/resource';
  const up = `${root}/RetailCustomer/9/UsagePoint/1`;
  const entry = (links: string[], body: string) =>
    `<entry><id>urn:uuid:00000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}</id>${links.join('')}<title>fixture</title><content>${body}</content><published>2026-01-01T00:00:00Z</published><updated>2026-01-01T00:00:00Z</updated></entry>`;
  const link = (rel: string, href: string) => `<link rel="${rel}" href="${href}"/>`;
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom"${options.prefixed ? ' xmlns:espi="http://naesb.org/espi"' : ''}><id>urn:uuid:11111111-1111-4111-8111-111111111111</id><title>Green Button Usage Feed</title><updated>2026-01-01T00:00:00Z</updated>`,
    entry([link('self', up), link('related', `${up}/MeterReading`)], `<${p}UsagePoint${ns}><${p}ServiceCategory><${p}kind>0</${p}kind></${p}ServiceCategory></${p}UsagePoint>`),
    entry(
      [link('self', `${root}/LocalTimeParameters/1`)],
      `<${p}LocalTimeParameters${ns}><${p}dstEndRule>B40E2000</${p}dstEndRule><${p}dstOffset>3600</${p}dstOffset><${p}dstStartRule>360E2000</${p}dstStartRule><${p}tzOffset>-18000</${p}tzOffset></${p}LocalTimeParameters>`,
    ),
  ];
  series.forEach((s, k) => {
    const meter = `${up}/MeterReading/${k + 1}`;
    const type = `${root}/ReadingType/${k + 1}`;
    const readingType = entry(
      [link('self', type), link('up', `${root}/ReadingType`)],
      `<${p}ReadingType${ns}>${tag(p, 'accumulationBehaviour', s.accumulationBehaviour ?? 4)}${tag(p, 'commodity', 1)}${tag(p, 'flowDirection', s.flowDirection ?? 1)}${tag(p, 'intervalLength', s.intervalLength ?? s.readings[0]?.[1] ?? 3600)}${tag(p, 'kind', 12)}${tag(p, 'powerOfTenMultiplier', s.powerOfTenMultiplier ?? 0)}${tag(p, 'uom', s.uom ?? 72)}</${p}ReadingType>`,
    );
    const size = s.blockSize ?? 24;
    const blocks: string[] = [];
    for (let i = 0; i < s.readings.length; i += size) {
      const chunk = s.readings.slice(i, i + size);
      const start = chunk[0]![0];
      const last = chunk.at(-1)!;
      const readings = chunk.map(([st, d, v]) => `<${p}IntervalReading><${p}timePeriod>${tag(p, 'duration', d)}${tag(p, 'start', st)}</${p}timePeriod>${tag(p, 'value', v)}</${p}IntervalReading>`).join('');
      blocks.push(`<${p}IntervalBlock${ns}><${p}interval>${tag(p, 'duration', last[0] + last[1] - start)}${tag(p, 'start', start)}</${p}interval>${readings}</${p}IntervalBlock>`);
    }
    if (!options.readingTypeLast) parts.push(readingType);
    parts.push(entry([link('self', meter), link('up', `${up}/MeterReading`), link('related', `${meter}/IntervalBlock`), link('related', type)], `<${p}MeterReading${ns}/>`));
    parts.push(entry([link('self', `${meter}/IntervalBlock/1`), link('up', `${meter}/IntervalBlock`)], blocks.join('')));
    if (options.readingTypeLast) parts.push(readingType);
  });
  parts.push('</feed>');
  return parts.join('\n');
}

function tag(p: string, name: string, value: number | string) {
  return `<${p}${name}>${value}</${p}${name}>`;
}

/** `count` consecutive readings of `seconds` from `start` (epoch s), values from `value(i)`. */
export function series(start: number, seconds: number, count: number, value: (i: number) => number): [number, number, number][] {
  return Array.from({ length: count }, (_, i) => [start + i * seconds, seconds, value(i)]);
}
