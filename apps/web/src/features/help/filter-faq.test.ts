import { describe, expect, it } from 'vitest';
import { filterFaq, foldForSearch, type FaqEntry } from './filter-faq';

const entries: FaqEntry[] = [
  { id: 'value', category: 'rewards', question: 'What are my points worth?', answer: '100 points = $1.' },
  { id: 'bill', category: 'billing', question: 'When is my bill due?', answer: 'Bills are generated on the 1st and due on the 15th.' },
  { id: 'event', category: 'events', question: 'Qu’est-ce qu’un Événement?', answer: 'Une courte période de pointe.' },
  { id: 'earn', category: 'rewards', question: 'How many points can I earn?', answer: 'Typically 100 per event.' },
];
const ids = (result: FaqEntry[]) => result.map((entry) => entry.id);

describe('filterFaq', () => {
  it('returns everything for an empty query and All', () => {
    expect(ids(filterFaq(entries, { query: '  ', category: 'all', locale: 'en' }))).toEqual(['value', 'bill', 'event', 'earn']);
  });

  it('matches questions case-insensitively', () => {
    expect(ids(filterFaq(entries, { query: 'POINTS WORTH', category: 'all', locale: 'en' }))).toEqual(['value']);
  });

  it('matches answers too', () => {
    expect(ids(filterFaq(entries, { query: 'the 15th', category: 'all', locale: 'en' }))).toEqual(['bill']);
  });

  it('needs every word, anywhere in the question or answer', () => {
    expect(ids(filterFaq(entries, { query: 'bill 15th', category: 'all', locale: 'en' }))).toEqual(['bill']);
  });

  it('combines the category with the search', () => {
    expect(ids(filterFaq(entries, { query: 'points', category: 'rewards', locale: 'en' }))).toEqual(['value', 'earn']);
    expect(ids(filterFaq(entries, { query: 'earn', category: 'rewards', locale: 'en' }))).toEqual(['earn']);
    expect(ids(filterFaq(entries, { query: 'points', category: 'billing', locale: 'en' }))).toEqual([]);
  });

  it('filters by category alone', () => {
    expect(ids(filterFaq(entries, { query: '', category: 'billing', locale: 'en' }))).toEqual(['bill']);
  });

  it('ignores accents and curly apostrophes in French', () => {
    expect(ids(filterFaq(entries, { query: "qu'un evenement", category: 'all', locale: 'fr' }))).toEqual(['event']);
    expect(ids(filterFaq(entries, { query: 'PÉRIODE', category: 'all', locale: 'fr' }))).toEqual(['event']);
  });

  it('returns no results when nothing matches', () => {
    expect(filterFaq(entries, { query: 'zzz-nothing', category: 'all', locale: 'en' })).toEqual([]);
  });

  it('lowercases with the locale (Turkish dotted I) and survives unknown locale tags', () => {
    expect(foldForSearch('İ', 'tr')).toBe('i');
    expect(foldForSearch('ABC', 'cimode')).toBe('abc');
  });
});
