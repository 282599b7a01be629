/**
 * Climate presets for the weather model. Temperatures and bright-sunshine fractions are rounded
 * from Environment and Climate Change Canada 1981–2010 Climate Normals (Toronto Pearson,
 * Vancouver Intl, Calgary Intl); sunshine fraction = bright-sunshine hours ÷ possible hours.
 */

export interface Climate {
  name: string;
  /** Annual mean air temperature, °C. */
  meanTempC: number;
  /** Half the difference between the warmest- and coldest-month means, °C. */
  annualAmplitudeC: number;
  /** Day of year of the warmest daily mean (≈ late July in Canada). */
  warmestDayOfYear: number;
  /** Typical clear-day max − min, °C. */
  diurnalRangeC: number;
  /** Fraction of possible bright-sunshine hours, Jan … Dec. */
  sunshineFraction: readonly number[];
  /** Chance that an overcast day brings rain or snow. */
  precipitationChance: number;
  /** Days a fresh snowfall typically stays on a tilted panel when it is cold. */
  snowShedDays: number;
  /**
   * Clear-sky irradiance relative to Haurwitz's sea-level model: higher for dry, high-altitude
   * air (Calgary is at 1,100 m with low turbidity), lower for humid, hazy coastal air and the
   * marine layer (Vancouver).
   */
  clearSkyFactor: number;
}

export const TORONTO_CLIMATE: Climate = {
  name: 'Toronto',
  meanTempC: 8.2,
  annualAmplitudeC: 14,
  warmestDayOfYear: 201,
  diurnalRangeC: 9.5,
  sunshineFraction: [0.32, 0.38, 0.41, 0.45, 0.5, 0.56, 0.6, 0.58, 0.52, 0.45, 0.3, 0.27],
  precipitationChance: 0.65,
  snowShedDays: 3,
  clearSkyFactor: 1,
};

export const VANCOUVER_CLIMATE: Climate = {
  name: 'Vancouver',
  meanTempC: 10.4,
  annualAmplitudeC: 7.5,
  warmestDayOfYear: 210,
  diurnalRangeC: 7,
  sunshineFraction: [0.22, 0.3, 0.34, 0.44, 0.49, 0.5, 0.64, 0.62, 0.54, 0.38, 0.23, 0.19],
  precipitationChance: 0.8,
  // Wet, near-freezing snow slides off within a day or two on the coast.
  snowShedDays: 1.5,
  clearSkyFactor: 0.96,
};

export const CALGARY_CLIMATE: Climate = {
  name: 'Calgary',
  meanTempC: 4.4,
  annualAmplitudeC: 12,
  warmestDayOfYear: 203,
  diurnalRangeC: 12.5,
  sunshineFraction: [0.47, 0.5, 0.48, 0.5, 0.53, 0.55, 0.67, 0.65, 0.6, 0.56, 0.48, 0.45],
  precipitationChance: 0.55,
  // Chinook winds and strong sun clear panels quickly despite the cold.
  snowShedDays: 2,
  clearSkyFactor: 1.1,
};

/**
 * Montréal: temperatures from the ECCC Canadian Climate Normals 1971–2000 for Montréal/Pierre
 * Elliott Trudeau Intl A (daily average −10.2 °C in January, 20.9 °C in July, 6.2 °C a year; July's
 * mean maximum 26.2 and minimum 15.6 °C). The demo's Montréal home has no panels, so its sunshine
 * and snow figures only shade its daylight; they are Toronto's, the nearest preset.
 */
export const MONTREAL_CLIMATE: Climate = {
  name: 'Montréal',
  meanTempC: 6.2,
  annualAmplitudeC: 15.5,
  warmestDayOfYear: 201,
  diurnalRangeC: 10,
  sunshineFraction: TORONTO_CLIMATE.sunshineFraction,
  precipitationChance: TORONTO_CLIMATE.precipitationChance,
  snowShedDays: TORONTO_CLIMATE.snowShedDays,
  clearSkyFactor: 1,
};

/** Value of a Jan…Dec table on a day of year, interpolated between mid-month points. */
export function monthlyValue(table: readonly number[], dayOfYear: number): number {
  const monthPos = ((dayOfYear - 15.5) / 30.44 + 12) % 12;
  const i = Math.floor(monthPos);
  const f = monthPos - i;
  const a = table[i % 12] ?? 0;
  const b = table[(i + 1) % 12] ?? 0;
  return a + (b - a) * f;
}
