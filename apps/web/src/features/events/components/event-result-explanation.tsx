import type { EventResult, MemberEvent } from '@peakwise/contracts/events.contract';
import { targetKwhFor } from '@peakwise/domain/event-baseline-outlook';
import { belowMinimumCut, MAX_MULTIPLIER_AT_TARGETS, minimumCutSetsTarget, pointsFor } from '@peakwise/domain/event-points';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { windowContext } from '@/components/events/baseline-window';
import { formatKwh, formatNumber, formatPercent, useIntlLocale } from '@/lib/format';

type Props = { event: MemberEvent; result: EventResult };

/**
 * Decision 101's adjustment in kWh: what the window's difference came to over the event, added or
 * taken off. The amount is read back from the stored baseline and factor, not worked out again.
 */
function additiveSentences(result: EventResult, unadjusted: number, kwh: (value: number) => string, t: TFunction<'events'>): string[] {
  const shift = result.baselineKwh - unadjusted;
  const context = windowContext(result.adjustmentWindowGapMinutes);
  const figures = { kwh: kwh(Math.abs(shift)), unadjusted: kwh(unadjusted), context };
  switch (result.adjustmentStatus) {
    case 'applied':
      // Under half a watt-hour shows as 0.00 kWh: saying it was added would read as a mistake.
      if (Math.abs(shift) < 0.005) return [t('explain.adjustUnchanged', { context })];
      return [t(shift > 0 ? 'explain.addUp' : 'explain.addDown', figures)];
    case 'clamped': {
      // The uncapped amount is always kept with an additive result; without it the plain sentence still holds.
      if (result.adjustmentUnclamped == null) return [t(shift > 0 ? 'explain.addUp' : 'explain.addDown', figures)];
      const uncapped = Math.abs((result.adjustmentUnclamped - 1) * unadjusted);
      return [t(shift > 0 ? 'explain.addCappedUp' : 'explain.addCappedDown', { ...figures, uncapped: kwh(uncapped) })];
    }
    case 'missing_data':
      return [t('explain.adjustMissing', { context })];
    case 'zero_baseline':
      return [t('explain.adjustZeroEvent')];
    case 'window_outside_day':
      return [t('explain.adjustOutside')];
    default:
      return [];
  }
}

/**
 * A member with too few days of its own, moved by a group of homes not called (decision 101). With
 * none at all, what the group moved is the member's own use in the hours before the event, and the
 * group's change is from those hours, not from its usual use (decision 144).
 */
function groupSentences(result: EventResult, unadjusted: number, kwh: (value: number) => string, locale: string, t: TFunction<'events'>): string[] {
  const factor = result.adjustmentFactor ?? 1;
  const eventDay = result.baselineFromEventDay === true;
  if (result.adjustmentStatus !== 'applied') return [t(eventDay ? 'explain.groupEventDayMissing' : 'explain.groupMissing')];
  const figures = { factor: formatNumber(factor, locale, 2), unadjusted: kwh(unadjusted), peers: result.adjustmentPeers ?? 0, percent: formatPercent(Math.abs(factor - 1) * 100, locale) };
  const up = factor >= 1;
  return [t(eventDay ? (up ? 'explain.groupEventDayUp' : 'explain.groupEventDayDown') : up ? 'explain.groupUp' : 'explain.groupDown', figures)];
}

/** Decision 029's ratio, for results stored before decision 101 and rows frozen under 029. */
function ratioSentences(result: EventResult, unadjusted: number, kwh: (value: number) => string, locale: string, t: TFunction<'events'>): string[] {
  const factor = result.adjustmentFactor ?? 1;
  const adjust = { factor: formatNumber(factor, locale, 2), unadjusted: kwh(unadjusted) };
  switch (result.adjustmentStatus) {
    case 'applied':
      if (Math.abs(factor - 1) < 0.005) return [t('explain.adjustUnchanged')];
      return [t(factor > 1 ? 'explain.adjustUp' : 'explain.adjustDown', { ...adjust, percent: formatPercent(Math.abs(factor - 1) * 100, locale) })];
    case 'clamped':
      return [
        result.adjustmentUnclamped != null
          ? t('explain.adjustClamped', { ...adjust, ratio: formatNumber(result.adjustmentUnclamped, locale, 2) })
          : t('explain.adjustClampedUnknown', adjust),
      ];
    case 'missing_data':
      return [t('explain.adjustMissing')];
    case 'zero_baseline':
      return [t('explain.adjustZero')];
    case 'window_outside_day':
      return [t('explain.adjustOutside')];
    default:
      // A result stored before the reason was kept: the adjustment block below still gives the factor.
      return [];
  }
}

/**
 * A gross-load baseline (decision 138): the usual use before the panels' own power, what the window
 * moved it by, and the event's own sun taken off, each figure as settlement stored it.
 */
function grossSentences(result: EventResult, gross: NonNullable<EventResult['grossLoad']>, kwh: (value: number) => string, t: TFunction<'events'>): string[] {
  const shift = { kwh: kwh(Math.abs(gross.shiftKwh)) };
  const up = gross.shiftKwh > 0;
  const moved =
    result.adjustmentStatus === 'clamped'
      ? t(up ? 'gross.shiftCappedUp' : 'gross.shiftCappedDown', shift)
      : result.adjustmentStatus === 'missing_data'
        ? t('gross.shiftMissing')
        : result.adjustmentStatus === 'zero_baseline'
          ? t('explain.adjustZeroEvent')
          : result.adjustmentStatus === 'window_outside_day'
            ? t('explain.adjustOutside')
            : Math.abs(gross.shiftKwh) < 0.005
              ? t('gross.shiftUnchanged')
              : t(up ? 'gross.shiftUp' : 'gross.shiftDown', shift);
  return [
    t('gross.usual', { usual: kwh(gross.usualKwh), count: result.baselineDays.length }),
    moved,
    t('gross.sun', { production: kwh(gross.productionKwh), baseline: kwh(result.baselineKwh) }),
  ];
}

/**
 * A solar member with no past day, scored on the event day's gross load (decision 144's Since): its
 * window's use before the panels' power, what the group moved it by, and the event's own sun taken off.
 */
function eventDayGrossSentences(result: EventResult, gross: NonNullable<EventResult['grossLoad']>, kwh: (value: number) => string, locale: string, t: TFunction<'events'>): string[] {
  return [
    t('gross.usualEventDay', { usual: kwh(gross.usualKwh) }),
    ...groupSentences(result, gross.usualKwh, kwh, locale, t),
    t('gross.sunEventDay', { production: kwh(gross.productionKwh), baseline: kwh(result.baselineKwh) }),
  ];
}

/**
 * A sun-matched baseline (decision 147): which of its days it kept, what their panels made against
 * the event day's, and why that is the comparison, each figure as settlement stored it.
 */
function sunSentences(result: EventResult, sun: NonNullable<EventResult['sunMatched']>, kwh: (value: number) => string, t: TFunction<'events'>): string[] {
  const count = result.baselineDays.length;
  const from = kwh(sun.fromKwh);
  const to = kwh(sun.toKwh);
  const today = kwh(sun.todayKwh);
  return [
    t(result.dayKind === 'weekend-or-holiday' ? 'sun.baselineWeekend' : 'sun.baselineWeekday', { baseline: kwh(result.baselineKwh), count, ofDays: sun.ofDays }),
    // Dull days before an early start can all read the same: "between 0.00 kWh and 0.00 kWh" would read as a mistake.
    count > 1 && from === to ? t('sun.daysSame', { from, today }) : t('sun.days', { count, from, to, today }),
    t('sun.why'),
  ];
}

/**
 * A settled result in plain sentences, read from what settlement stored (decision 098): the
 * baseline and its days, the same-day adjustment and why, the use, the target and the points.
 * The only figures worked out here are ones that follow from the stored ones (the baseline before
 * the factor, the target), never a second run of the rule.
 */
export function EventResultExplanation({ event, result }: Props) {
  const { t } = useTranslation('events');
  const locale = useIntlLocale();
  const kwh = (value: number) => formatKwh(value, locale, 2);
  const factor = result.adjustmentFactor ?? 1;
  const unadjusted = factor > 0 ? result.baselineKwh / factor : result.baselineKwh;
  const weekend = result.dayKind === 'weekend-or-holiday';
  const count = result.baselineDays.length;
  // An adjusted baseline is not what the home used on its days: say what it used, then what the
  // adjustment made of it, so the first figure and the result's Baseline agree with the sentences.
  const moved = Math.abs(result.baselineKwh - unadjusted) >= 0.005;
  // With no more days than it keeps, none was left out: the choice by sun made no difference to say.
  const sun = result.sunMatched && result.sunMatched.ofDays > count ? result.sunMatched : undefined;
  const sentences: string[] = [
    // A solar home's figures are net of its panels (decision 112): "what your home used" alone would mislead.
    ...(result.fromGrid ? [t('explain.fromGrid')] : []),
  ];
  if (result.grossLoad && result.baselineFromEventDay) {
    sentences.push(...eventDayGrossSentences(result, result.grossLoad, kwh, locale, t));
  } else if (result.grossLoad) {
    // Its baseline is not the usual grid draw times a factor: the stored figures say what it was made of.
    sentences.push(...grossSentences(result, result.grossLoad, kwh, t));
  } else if (sun) {
    sentences.push(...sunSentences(result, sun, kwh, t));
  } else {
    // A comparison group's days need not be of the event's kind (a member with none scored over its days of any kind).
    const byGroup = result.adjustmentMethod === 'comparison';
    if (result.baselineFromEventDay) {
      // Its one "day" is the event's own: it had no day of complete readings to name (decision 144).
      sentences.push(moved ? t('explain.usualEventDay', { usual: kwh(unadjusted) }) : t('explain.baselineEventDay', { baseline: kwh(result.baselineKwh) }));
    } else {
      sentences.push(
        moved
          ? t(byGroup ? 'explain.usualGroup' : weekend ? 'explain.usualWeekend' : 'explain.usualWeekday', { usual: kwh(unadjusted), count })
          : t(byGroup ? 'explain.baselineGroup' : weekend ? 'explain.baselineWeekend' : 'explain.baselineWeekday', { baseline: kwh(result.baselineKwh), count }),
      );
    }
    const adjustment =
      result.adjustmentMethod === 'additive'
        ? additiveSentences(result, unadjusted, kwh, t)
        : result.adjustmentMethod === 'comparison'
          ? groupSentences(result, unadjusted, kwh, locale, t)
          : result.adjustmentMethod === 'none'
            ? [t('explain.notAdjustedBattery')]
            : ratioSentences(result, unadjusted, kwh, locale, t);
    sentences.push(...adjustment);
    if (moved) sentences.push(t('explain.baselineAdjusted', { baseline: kwh(result.baselineKwh) }));
  }

  const saved = Math.abs(result.reductionKwh);
  sentences.push(
    result.reductionKwh >= 0
      ? t('explain.actualLess', { actual: kwh(result.actualKwh), saved: kwh(saved), percent: formatPercent(result.reductionPercent, locale) })
      : t('explain.actualMore', { actual: kwh(result.actualKwh), saved: kwh(saved) }),
  );
  // The least cut an event pays for (decision 148); results settled before it were held to none.
  const minimumCut = result.minimumCutKwh ?? 0;
  const belowMinimum = belowMinimumCut(result.baselineKwh, minimumCut);
  if (belowMinimum) sentences.push(t('explain.belowMinimumCut', { minimum: kwh(minimumCut) }));
  else {
    const target = kwh(targetKwhFor(result.baselineKwh, event.targetPercent, minimumCut));
    sentences.push(minimumCutSetsTarget(result.baselineKwh, event.targetPercent, minimumCut) ? t('explain.targetMinimumCut', { target, minimum: kwh(minimumCut) }) : t('explain.target', { target, percent: formatPercent(event.targetPercent, locale) }));
  }
  if (result.targetMet) {
    // What the event earned; whether it reached the balance is the proof's to say (decision 140).
    const earned = result.proof?.status === 'held' ? 'explain.pointsHeld' : result.proof?.status === 'lapsed' ? 'explain.pointsLapsed' : 'explain.pointsMet';
    sentences.push(t(earned, { count: result.points, points: formatNumber(result.points, locale, 0) }));
    const maxPercent = event.targetPercent * MAX_MULTIPLIER_AT_TARGETS;
    if (maxPercent <= 100) {
      const terms = { targetPercent: event.targetPercent, rewardPoints: event.rewardPoints };
      sentences.push(
        t('explain.pointsMore', { reward: formatNumber(event.rewardPoints, locale, 0), max: formatNumber(pointsFor(maxPercent, terms), locale, 0), maxPercent: formatPercent(maxPercent, locale) }),
      );
    }
  } else if (!belowMinimum) {
    sentences.push(t('explain.pointsMissed'));
  }

  return (
    <div data-testid="result-explanation">
      <h3 className="text-sm font-semibold text-slate-900">{t('explain.title')}</h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </div>
  );
}
