/**
 * Green Button (ESPI Atom) files for the import bench, written from the published element names:
 * one ReadingType and MeterReading per direction, one IntervalBlock entry per direction holding
 * an IntervalBlock per `blockReadings` readings, as a utility's "Download My Data" lays it out.
 */

export type GeneratedSeries = {
  /** 1 delivered, 19 received. */
  flowDirection: 1 | 19;
  /** First reading's start, epoch seconds. */
  start: number;
  /** Each reading's length in seconds. */
  seconds: number;
  count: number;
  /** Wh of reading i. */
  valueWh: (i: number) => number;
  blockReadings?: number;
};

const ROOT = 'https://utility.example/DataCustodian/espi/1_1/resource/RetailCustomer/1/UsagePoint/1';

export function greenButtonFile(series: readonly GeneratedSeries[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="http://naesb.org/espi"><id>urn:uuid:bench</id><title>Green Button Usage Feed</title><updated>2026-01-01T00:00:00Z</updated>',
    `<entry><id>urn:uuid:bench-up</id><link rel="self" href="${ROOT}"/><title>Home</title><content><espi:UsagePoint><espi:ServiceCategory><espi:kind>0</espi:kind></espi:ServiceCategory></espi:UsagePoint></content></entry>`,
  ];
  series.forEach((s, k) => {
    const meter = `${ROOT}/MeterReading/${k + 1}`;
    const type = `https://utility.example/DataCustodian/espi/1_1/resource/ReadingType/${k + 1}`;
    parts.push(
      `<entry><id>urn:uuid:bench-rt-${k}</id><link rel="self" href="${type}"/><title>Energy</title><content><espi:ReadingType><espi:accumulationBehaviour>4</espi:accumulationBehaviour><espi:commodity>1</espi:commodity><espi:flowDirection>${s.flowDirection}</espi:flowDirection><espi:intervalLength>${s.seconds}</espi:intervalLength><espi:kind>12</espi:kind><espi:powerOfTenMultiplier>0</espi:powerOfTenMultiplier><espi:uom>72</espi:uom></espi:ReadingType></content></entry>`,
      `<entry><id>urn:uuid:bench-mr-${k}</id><link rel="self" href="${meter}"/><link rel="related" href="${type}"/><title>Meter</title><content><espi:MeterReading/></content></entry>`,
      `<entry><id>urn:uuid:bench-ib-${k}</id><link rel="self" href="${meter}/IntervalBlock/1"/><link rel="up" href="${meter}/IntervalBlock"/><title>Intervals</title><content>`,
    );
    const size = s.blockReadings ?? 96;
    for (let i = 0; i < s.count; i += size) {
      const n = Math.min(size, s.count - i);
      const blockStart = s.start + i * s.seconds;
      const readings: string[] = [];
      for (let j = i; j < i + n; j++) {
        readings.push(`<espi:IntervalReading><espi:timePeriod><espi:duration>${s.seconds}</espi:duration><espi:start>${s.start + j * s.seconds}</espi:start></espi:timePeriod><espi:value>${s.valueWh(j)}</espi:value></espi:IntervalReading>`);
      }
      parts.push(`<espi:IntervalBlock><espi:interval><espi:duration>${n * s.seconds}</espi:duration><espi:start>${blockStart}</espi:start></espi:interval>${readings.join('')}</espi:IntervalBlock>`);
    }
    parts.push('</content></entry>');
  });
  parts.push('</feed>');
  return parts.join('\n');
}

/** Bytes per reading of greenButtonFile at a typical value width, for sizing a file. */
export function bytesPerReading(seconds: number): number {
  return greenButtonFile([{ flowDirection: 1, start: 1_700_000_000, seconds, count: 1000, valueWh: () => 123 }]).length / 1000;
}
