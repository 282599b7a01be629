import { describe, expect, it } from 'vitest';
import { openAdrAsksPerResource, openAdrReportIntervals, openAdrReportTotals, openAdrReportUnits } from './openadr-report';

describe('openAdrReportUnits', () => {
  it('reports energy unless a descriptor asks for power', () => {
    expect(openAdrReportUnits([{ payloadType: 'USAGE', units: 'KWH' }, { payloadType: 'BASELINE' }])).toBe('KWH');
    expect(openAdrReportUnits([{ payloadType: 'BASELINE', units: 'KW' }])).toBe('KW');
    expect(openAdrReportUnits([{ payloadType: 'DEMAND' }])).toBe('KW');
  });
  it('is null when nothing asked for is something Peakwise reports', () => {
    expect(openAdrReportUnits(null)).toBeNull();
    expect(openAdrReportUnits([])).toBeNull();
    expect(openAdrReportUnits([{ payloadType: 'STORAGE_CHARGE_LEVEL' }, 'junk', null])).toBeNull();
  });
});

describe('openAdrReportIntervals', () => {
  const figures = [
    { index: 1, baselineKwh: 0.25, actualKwh: null },
    { index: 0, baselineKwh: 1.23456, actualKwh: 0.98765 },
  ];
  it('sends the baseline always and the actual once in, in interval order, to 0.1 Wh', () => {
    expect(openAdrReportIntervals(figures, 'KWH')).toEqual([
      { id: 0, payloads: [{ type: 'BASELINE', values: [1.2346] }, { type: 'USAGE', values: [0.9877] }] },
      { id: 1, payloads: [{ type: 'BASELINE', values: [0.25] }] },
    ]);
  });
  it('in kW, a 5-minute interval’s energy times twelve', () => {
    expect(openAdrReportIntervals(figures, 'KW')).toEqual([
      // 1.23456 × 12 = 14.81472; 0.98765 × 12 = 11.8518
      { id: 0, payloads: [{ type: 'BASELINE', values: [14.8147] }, { type: 'DEMAND', values: [11.8518] }] },
      { id: 1, payloads: [{ type: 'BASELINE', values: [3] }] },
    ]);
  });
  it('totals compare the baseline and the actual over the same intervals', () => {
    expect(openAdrReportTotals(figures)).toEqual({ intervals: 2, baselineKwh: 1.2346, actualKwh: 0.9877 });
  });
});

describe('openAdrAsksPerResource', () => {
  it('is asked by a reportable descriptor whose aggregate is not true (false is the documents’ default)', () => {
    expect(openAdrAsksPerResource([{ payloadType: 'USAGE', aggregate: false }])).toBe(true);
    expect(openAdrAsksPerResource([{ payloadType: 'BASELINE' }, { payloadType: 'USAGE', aggregate: true }])).toBe(true);
  });
  it('is not asked when every reportable descriptor aggregates, or only other payloads are per resource', () => {
    expect(openAdrAsksPerResource([{ payloadType: 'BASELINE', aggregate: true }, { payloadType: 'USAGE', aggregate: true }])).toBe(false);
    expect(openAdrAsksPerResource([{ payloadType: 'USAGE', aggregate: true }, { payloadType: 'STORAGE_CHARGE_LEVEL', aggregate: false }])).toBe(false);
    expect(openAdrAsksPerResource(null)).toBe(false);
    expect(openAdrAsksPerResource('USAGE')).toBe(false);
  });
});
