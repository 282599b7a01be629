import { describe, expect, it } from 'vitest';
import { defaultUtility, GREEN_BUTTON_UTILITIES, isGreenButtonUtilityId, utilitiesIn } from './green-button-utilities';

describe('the utilities a member can get a Green Button file from', () => {
  it('lists the four Ontario utilities for Ontario, and no single default among them', () => {
    expect(utilitiesIn('ON')).toEqual(['hydroOne', 'torontoHydro', 'alectra', 'hydroOttawa']);
    expect(defaultUtility('ON')).toBeNull();
  });

  it('defaults British Columbia to BC Hydro and Québec to Hydro-Québec', () => {
    expect(defaultUtility('BC')).toBe('bcHydro');
    expect(defaultUtility('QC')).toBe('hydroQuebec');
  });

  it('has none for Alberta, or a province Peakwise does not serve', () => {
    expect(utilitiesIn('AB')).toEqual([]);
    expect(defaultUtility('AB')).toBeNull();
    expect(defaultUtility('MB')).toBeNull();
  });

  it('says Hydro-Québec offers no Green Button download, and the others do', () => {
    expect(GREEN_BUTTON_UTILITIES.filter((u) => !u.offersGreenButton).map((u) => u.id)).toEqual(['hydroQuebec']);
  });

  it('knows its own ids and nothing else', () => {
    expect(isGreenButtonUtilityId('alectra')).toBe(true);
    expect(isGreenButtonUtilityId('enmax')).toBe(false);
    expect(isGreenButtonUtilityId('')).toBe(false);
  });
});
