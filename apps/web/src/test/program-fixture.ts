import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';

/** The terms a console test's program carries besides the ones it is about. */
export const programTerms: Omit<OpsProgram, 'id' | 'name' | 'provinces' | 'fsas' | 'defaultRewardPoints' | 'defaultTargetPercent' | 'reach' | 'rewardPoints' | 'targetPercent'> = {
  nameFr: 'Programme',
  seasonStart: '2000-01-01',
  seasonEnd: '2099-12-31',
  windows: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' }],
  noticeHours: 4,
  pointsPerKwh: 0,
  baselineMethod: 'high-ten-adjusted',
  holdoutPercent: 5,
  stacks: false,
  preheat: false,
  status: 'active',
};
