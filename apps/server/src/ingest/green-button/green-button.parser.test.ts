import { describe, expect, it } from 'vitest';
import { parseGreenButton, whToKwh } from './green-button.parser';
import { greenButtonFixture } from './green-button.test-helper';

// A hand-written file: default ESPI namespace on each content element, links as a utility writes
// them, the ReadingType after the blocks it describes, and whitespace around numbers.
const HOURLY_WH = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:uuid:5b7e8c2a-0000-4000-8000-000000000001</id>
  <title>Usage</title>
  <updated>2026-01-02T00:00:00Z</updated>
  <entry>
    <id>urn:uuid:5b7e8c2a-0000-4000-8000-000000000002</id>
    <link rel="self" href="/espi/1_1/resource/RetailCustomer/7/UsagePoint/1/MeterReading/1"/>
    <link rel="related" href="/espi/1_1/resource/ReadingType/4"/>
    <title>Hourly</title>
    <content><MeterReading xmlns="http://naesb.org/espi"/></content>
    <updated>2026-01-02T00:00:00Z</updated>
  </entry>
  <entry>
    <id>urn:uuid:5b7e8c2a-0000-4000-8000-000000000003</id>
    <link rel="self" href="/espi/1_1/resource/RetailCustomer/7/UsagePoint/1/MeterReading/1/IntervalBlock/1"/>
    <link rel="up" href="/espi/1_1/resource/RetailCustomer/7/UsagePoint/1/MeterReading/1/IntervalBlock"/>
    <title/>
    <content>
      <IntervalBlock xmlns="http://naesb.org/espi">
        <interval><duration>7200</duration><start>1767225600</start></interval>
        <IntervalReading><timePeriod><duration>3600</duration><start>1767225600</start></timePeriod><value> 1234 </value></IntervalReading>
        <IntervalReading><timePeriod><duration>3600</duration><start>1767229200</start></timePeriod><value>600</value></IntervalReading>
      </IntervalBlock>
    </content>
    <updated>2026-01-02T00:00:00Z</updated>
  </entry>
  <entry>
    <id>urn:uuid:5b7e8c2a-0000-4000-8000-000000000004</id>
    <link rel="self" href="https://utility.example/espi/1_1/resource/ReadingType/4"/>
    <title>Energy delivered (Wh)</title>
    <content>
      <ReadingType xmlns="http://naesb.org/espi">
        <accumulationBehaviour> 4 </accumulationBehaviour>
        <flowDirection>1</flowDirection>
        <intervalLength>3600</intervalLength>
        <powerOfTenMultiplier>0</powerOfTenMultiplier>
        <uom>72</uom>
      </ReadingType>
    </content>
    <updated>2026-01-02T00:00:00Z</updated>
  </entry>
</feed>`;

describe('parseGreenButton', () => {
  it('reads a hand-written hourly Wh file, finding its ReadingType through the links', async () => {
    const parsed = await parseGreenButton(HOURLY_WH);
    expect(parsed).toEqual({
      ok: true,
      readings: [
        // 2026-01-01T00:00:00Z is 1767225600; 1234 Wh × 10^0 = 1.234 kWh.
        { index: 0, start: 1767225600, duration: 3600, kwh: 1.234, flow: 'delivered' },
        { index: 1, start: 1767229200, duration: 3600, kwh: 0.6, flow: 'delivered' },
      ],
      total: 2,
      skipped: [],
    });
  });

  it('tells delivered from received when a file has both, with espi: prefixes and kWh values', async () => {
    const xml = greenButtonFixture(
      [
        { flowDirection: 1, powerOfTenMultiplier: 3, readings: [[1767225600, 900, 2]] },
        { flowDirection: 19, powerOfTenMultiplier: 3, readings: [[1767225600, 900, '0.5']] },
      ],
      { prefixed: true, readingTypeLast: true },
    );
    const parsed = await parseGreenButton(xml);
    expect(parsed.ok && parsed.readings).toEqual([
      // 2 × 10^3 Wh = 2 kWh; 0.5 × 10^3 Wh = 0.5 kWh.
      { index: 0, start: 1767225600, duration: 900, kwh: 2, flow: 'delivered' },
      { index: 1, start: 1767225600, duration: 900, kwh: 0.5, flow: 'received' },
    ]);
  });

  it('reads a bare <entry> holding one IntervalBlock, with the ReadingType it cannot link to assumed from the only one', async () => {
    const xml = `<entry xmlns="http://www.w3.org/2005/Atom"><content>
      <espi:ReadingType xmlns:espi="http://naesb.org/espi"><espi:uom>72</espi:uom><espi:powerOfTenMultiplier>-3</espi:powerOfTenMultiplier></espi:ReadingType>
      <espi:IntervalBlock xmlns:espi="http://naesb.org/espi"><espi:interval><espi:duration>900</espi:duration><espi:start>1767225600</espi:start></espi:interval>
        <espi:IntervalReading><espi:value>250000</espi:value></espi:IntervalReading></espi:IntervalBlock></content></entry>`;
    // No timePeriod: the only reading is the whole block. 250000 × 10^-3 Wh = 250 Wh = 0.25 kWh.
    expect(await parseGreenButton(xml)).toEqual({ ok: true, readings: [{ index: 0, start: 1767225600, duration: 900, kwh: 0.25, flow: 'delivered' }], total: 1, skipped: [] });
  });

  it('keeps a reading with an unreadable value, for the caller to refuse by index', async () => {
    const parsed = await parseGreenButton(greenButtonFixture([{ readings: [[1767225600, 3600, 'lots'], [1767229200, 3600, 100]] }]));
    expect(parsed.ok && parsed.readings.map((r) => r.kwh)).toEqual([null, 0.1]);
  });

  it('skips a kelvin, a net and a cumulative series beside the energy, counting their readings per MeterReading', async () => {
    const hour = 1767225600;
    const xml = greenButtonFixture([
      { readings: [[hour, 3600, 500], [hour + 3600, 3600, 700]] },
      { uom: 6, readings: [[hour, 3600, 268], [hour + 3600, 3600, 267], [hour + 7200, 3600, 266]] },
      { flowDirection: 4, readings: [[hour, 3600, 5]] },
      { accumulationBehaviour: 1, readings: [[hour, 3600, 5], [hour + 3600, 3600, 6]] },
    ]);
    const parsed = await parseGreenButton(xml);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.total).toBe(8);
    expect(parsed.readings.map((r) => [r.index, r.kwh])).toEqual([
      [0, 0.5],
      [1, 0.7],
    ]);
    expect(parsed.skipped.map((s) => [s.meterReading?.replace(/.*UsagePoint\/1/, ''), s.uom, s.readings, s.reason])).toEqual([
      ['/MeterReading/2', 6, 3, 'not_energy'],
      ['/MeterReading/3', 72, 1, 'unsupported_flow'],
      ['/MeterReading/4', 72, 2, 'cumulative'],
    ]);
  });

  it('refuses a foreign unit, a cumulative register, and net flow for the whole file', async () => {
    const watts = await parseGreenButton(greenButtonFixture([{ uom: 38, readings: [[1767225600, 3600, 5]] }]));
    expect(watts).toMatchObject({ ok: false, error: 'foreign_unit' });
    expect(!watts.ok && watts.message).toContain('unit 38');
    expect(await parseGreenButton(greenButtonFixture([{ accumulationBehaviour: 1, readings: [[1767225600, 3600, 5]] }]))).toMatchObject({ ok: false, error: 'unsupported_reading_type' });
    expect(await parseGreenButton(greenButtonFixture([{ flowDirection: 4, readings: [[1767225600, 3600, 5]] }]))).toMatchObject({ ok: false, error: 'unsupported_reading_type' });
  });

  it('refuses malformed XML with where it broke, and XML that is not a Green Button feed', async () => {
    const broken = await parseGreenButton(HOURLY_WH.replace('</IntervalBlock>', ''));
    expect(broken).toMatchObject({ ok: false, error: 'malformed_xml' });
    expect(!broken.ok && broken.message).toMatch(/line \d+, column \d+/);
    expect(await parseGreenButton('<html><body>Sign in</body></html>')).toMatchObject({ ok: false, error: 'not_green_button' });
    expect(await parseGreenButton('<feed xmlns="http://www.w3.org/2005/Atom"><entry><content><UsagePoint/></content></entry></feed>')).toMatchObject({ ok: false, error: 'no_readings' });
  });
  it('expands no entity a DTD declares: internal ("billion laughs") and external ones refuse the file as malformed', async () => {
    const file = greenButtonFixture([{ readings: [[1767225600, 3600, 100]] }]);
    const laughs = `<!DOCTYPE feed [<!ENTITY a "1000"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>`;
    const external = `<!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/hostname">]>`;
    const withDtd = (dtd: string, entity: string) => file.replace('<feed', `${dtd}\n<feed`).replace('<value>100</value>', `<value>${entity}</value>`);
    for (const xml of [withDtd(laughs, '&c;'), withDtd(external, '&x;')]) {
      const parsed = await parseGreenButton(xml);
      expect(parsed).toMatchObject({ ok: false, error: 'malformed_xml' });
      expect(!parsed.ok && parsed.message).toContain('undefined entity');
    }
    // The five XML entities and character references are text, as in any XML.
    expect(await parseGreenButton(withDtd('', '&#49;0&#x30;'))).toMatchObject({ ok: true, readings: [{ kwh: 0.1 }] });
  });
});

describe('whToKwh', () => {
  it('is value × 10^multiplier / 1000 for every ESPI multiplier (property over integers)', () => {
    for (const multiplier of [-3, -2, -1, 0, 1, 2, 3, 6]) {
      for (let i = 0; i < 200; i++) {
        const value = Math.floor(Math.random() * 1_000_000);
        // The same quantity computed another way: as a decimal string with the point moved.
        const expected = Number(`${value}e${multiplier - 3}`);
        expect(whToKwh(value, multiplier)).toBeCloseTo(expected, 12);
      }
    }
    expect(whToKwh(1234, 0)).toBe(1.234);
    expect(whToKwh(7, 3)).toBe(7);
    expect(whToKwh(1500, -3)).toBe(0.0015);
  });
});
