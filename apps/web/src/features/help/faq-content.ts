import type { FaqCategory } from './filter-faq';

/** Category chips, in display order. */
export const faqCategories = ['gettingStarted', 'events', 'rewards', 'data', 'billing', 'account'] as const satisfies readonly FaqCategory[];

/** Which question belongs where; the words live in the help translations under questions.<id>. */
export const faqQuestions = [
  { id: 'whatIsPeakwise', category: 'gettingStarted' },
  { id: 'whereAvailable', category: 'gettingStarted' },
  { id: 'cost', category: 'gettingStarted' },
  { id: 'plugSetup', category: 'gettingStarted' },
  { id: 'whatIsEvent', category: 'events' },
  { id: 'eventNotice', category: 'events' },
  { id: 'eventMeasure', category: 'events' },
  { id: 'eventOptional', category: 'events' },
  { id: 'pointsEarn', category: 'rewards' },
  { id: 'pointsValue', category: 'rewards' },
  { id: 'pointsTiming', category: 'rewards' },
  { id: 'readings', category: 'data' },
  { id: 'solarData', category: 'data' },
  { id: 'billingSchedule', category: 'billing' },
  { id: 'billingRates', category: 'billing' },
  { id: 'supportHours', category: 'account' },
  { id: 'language', category: 'account' },
  { id: 'privacy', category: 'account' },
] as const satisfies readonly { id: string; category: FaqCategory }[];

/** The five user-guide topics, in reading order; each topic's steps are those of its translation, in order. */
export const guideTopics = ['smartPlug', 'events', 'data', 'points', 'account'] as const;

export { SUPPORT_EMAIL as supportEmail } from '@peakwise/contracts/public-config.contract';
