/**
 * How much one panel produces over each real event's hours, on the event day against the 10
 * weekdays a baseline averages (the latest before it, area events and holidays left out), and
 * over the same-day adjustment window: the harness's sky alone, no home. A steady drift between
 * the baseline days and the event day moves a solar home's grid draw the same way every time,
 * which averaging days cannot see and a window the panels cover cannot correct.
 *
 *   npx tsx bench/solar-trend.ts 31
 */

import { clocksBetween, CLOCKS, makeRegions, regionWeather } from './lib/baseline-population';

const seed = Number(process.argv[2] ?? 31);
const regions = makeRegions(seed);
const out: string[] = [`Seed ${seed}: one 400 W panel, kWh over each event's slots and over its window (3 h ending 1 h before), mean over the area's 10 events.`, ''];
out.push('| Area | Event hours: event day | Event hours: its 10 baseline days | Difference | Window: event day | Window: baseline days |');
out.push('|---|---|---|---|---|---|');
for (const region of regions) {
  const weather = regionWeather(seed, region);
  const excluded = new Set([...region.eventDates, ...region.holidays]);
  const sum = (date: string, clocks: string[]) => {
    const kwh = weather.panelKwh.get(date)!;
    return clocks.reduce((s, c) => s + kwh[CLOCKS.indexOf(c)]!, 0);
  };
  let onDay = 0;
  let onDays = 0;
  let windowDay = 0;
  let windowDays = 0;
  const events = region.events.filter((e) => !e.placebo);
  for (const event of events) {
    const from = event.startHour * 60;
    const slots = clocksBetween(from, from + event.hours * 60);
    const window = clocksBetween(from - 4 * 60, from - 60);
    const days = region.dates.filter((d) => d < event.date && !excluded.has(d)).slice(-10);
    onDay += sum(event.date, slots);
    onDays += days.reduce((s, d) => s + sum(d, slots), 0) / days.length;
    windowDay += sum(event.date, window);
    windowDays += days.reduce((s, d) => s + sum(d, window), 0) / days.length;
  }
  const n = events.length;
  const diff = ((onDay - onDays) / onDays) * 100;
  out.push(`| ${region.city.name} ${region.season} | ${(onDay / n).toFixed(3)} | ${(onDays / n).toFixed(3)} | ${diff >= 0 ? '+' : ''}${diff.toFixed(1)} % | ${(windowDay / n).toFixed(3)} | ${(windowDays / n).toFixed(3)} |`);
}
process.stdout.write(`${out.join('\n')}\n`);
