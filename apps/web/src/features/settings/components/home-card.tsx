import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CanadianTimeZone } from '@peakwise/contracts/account.contract';
import { HOME_ERROR_CODES, type Home } from '@peakwise/contracts/household-home.contract';
import { parsePostalCode, POSTAL_CODE_INPUT_MAX_LENGTH, provinceOf, type ProvinceCode } from '@peakwise/domain/postal-code';
import { timeZoneChoicesOf } from '@peakwise/domain/province-time-zone';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { serverErrorOf } from '@/lib/api-request';
import { useDemoSharedText } from '@/lib/demo-shared-text';
import { checkPostalCode } from '@/lib/check-postal-code';
import { isCanadianTimeZone, setTimeZone } from '@/lib/time-zone';
import { getHome, saveHome } from '../api/home-api';
import { settingsKeys } from '../settings-keys';
import { HomeBatteryField } from './home-battery-field';
import { SettingsCard } from './settings-card';

type ZoneName = 'pacific' | 'mountain' | 'central' | 'eastern' | 'atlantic' | 'newfoundland';
const zoneNames: Record<CanadianTimeZone, ZoneName> = {
  'America/Vancouver': 'pacific',
  'America/Edmonton': 'mountain',
  'America/Winnipeg': 'central',
  'America/Toronto': 'eastern',
  'America/Halifax': 'atlantic',
  'America/St_Johns': 'newfoundland',
};

/** What went wrong, in words the card shows (the checker's own, docs/product/messages.md#postal-code-checker). */
type Problem =
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'notServed'; city?: string; province?: ProvinceCode }
  | { kind: 'zone' }
  | { kind: 'saveFailed' }
  | { kind: 'demoShared'; text: string };

/** The province a typed code is in, when it reads as a postal code. */
function provinceTyped(raw: string): ProvinceCode | undefined {
  const parsed = parsePostalCode(raw);
  return parsed.ok ? provinceOf(parsed.code) : undefined;
}

/**
 * "Your home" (decision 057): the postal code gives the city and the province; the province, the
 * time zones to choose from and the plan. Saving moves the household, its days and its plan at once.
 */
export function HomeCard() {
  const { t } = useTranslation(['settings', 'marketing', 'billing']);
  const home = useQuery({ queryKey: settingsKeys.home(), queryFn: getHome });
  return (
    <SettingsCard id="home" title={t('home.title')} description={t('home.description')}>
      {home.isPending ? (
        <p className="text-sm text-slate-600">{t('home.loading')}</p>
      ) : home.isError ? (
        <AlertMessage tone="error">{t('home.loadFailed')}</AlertMessage>
      ) : (
        <div className="space-y-5">
          <HomeForm home={home.data} />
          <HomeBatteryField hasBattery={home.data.hasBattery} />
        </div>
      )}
    </SettingsCard>
  );
}

function HomeForm({ home }: { home: Home }) {
  const { t } = useTranslation(['settings', 'marketing', 'billing']);
  const queryClient = useQueryClient();
  const [postalCode, setPostalCode] = useState(home.postalCode ?? '');
  const [zone, setZone] = useState<CanadianTimeZone>(home.timeZone);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [checking, setChecking] = useState(false);
  const demoShared = useDemoSharedText();
  const form = useRef<HTMLFormElement>(null);
  const { hash } = useLocation();

  // Reached from the Dashboard's prompt (/app/settings/home#home): land on the postal code.
  useEffect(() => {
    if (hash !== '#home') return;
    const input = form.current?.querySelector<HTMLInputElement>('input[name="postalCode"]');
    input?.scrollIntoView?.({ block: 'center' });
    input?.focus();
  }, [hash]);

  const province = provinceTyped(postalCode) ?? home.province;
  const choices = timeZoneChoicesOf(province).filter(isCanadianTimeZone);
  // A zone the province does not span gives way to the province's usual one.
  const zoneShown = choices.includes(zone) ? zone : (choices[0] ?? zone);

  const save = useMutation({
    mutationFn: saveHome,
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.home(), saved);
      setPostalCode(saved.postalCode ?? '');
      setZone(saved.timeZone);
      setTimeZone(saved.timeZone);
      // The zone, province and plan may all have moved: everything else fetched is out of date.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== 'home' });
    },
    onError: (error) => {
      const code = serverErrorOf(error).code;
      const shared = demoShared(error);
      if (shared) setProblem({ kind: 'demoShared', text: shared });
      else if (code === HOME_ERROR_CODES.invalidPostalCode) setProblem({ kind: 'invalid' });
      else if (code === HOME_ERROR_CODES.notServed) setProblem({ kind: 'notServed' });
      else if (code === HOME_ERROR_CODES.zoneNotInProvince) setProblem({ kind: 'zone' });
      else setProblem({ kind: 'saveFailed' });
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking || save.isPending) return;
    save.reset();
    setProblem(null);
    const parsed = parsePostalCode(postalCode);
    // No request for a malformed code, as on the landing page.
    if (!parsed.ok) {
      setProblem({ kind: 'invalid' });
      return;
    }
    setChecking(true);
    const lookup = await checkPostalCode(parsed.code);
    setChecking(false);
    if (lookup.kind !== 'result') {
      setProblem({ kind: lookup.kind });
      return;
    }
    if (!lookup.result.isServiceable) {
      setProblem({ kind: 'notServed', city: lookup.result.city, province: lookup.result.province });
      return;
    }
    save.mutate({ postalCode: parsed.formatted, timeZone: zoneShown });
  };

  const problemText = (p: Problem): string => {
    switch (p.kind) {
      case 'invalid':
        return t('home.invalid');
      case 'failed':
        return t('home.failed');
      case 'notServed':
        return p.city && p.province ? t('home.notServedIn', { city: p.city, province: t(`marketing:provinces.${p.province}`) }) : t('home.notServed');
      case 'zone':
        return t('home.zoneNotInProvince');
      case 'saveFailed':
        return t('home.saveFailed');
      case 'demoShared':
        return p.text;
    }
  };

  const busy = checking || save.isPending;
  const saved = save.isSuccess ? save.data : undefined;
  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <p className="text-sm text-slate-700" data-testid="home-current">
        {home.postalCode && home.city
          ? t('home.current', { postalCode: home.postalCode, city: home.city, province: t(`marketing:provinces.${home.province}`) })
          : t('home.notSet')}
        {home.tariffPlanId && <> {t('home.plan', { plan: t(`billing:lines.plans.${home.tariffPlanId}`, { defaultValue: home.tariffPlanId }) })}</>}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('home.postalCode')}
          hint={t('home.postalCodeHint')}
          name="postalCode"
          value={postalCode}
          onChange={(event) => {
            setPostalCode(event.target.value);
            setProblem(null);
          }}
          maxLength={POSTAL_CODE_INPUT_MAX_LENGTH}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="A1A 1A1"
          error={problem?.kind === 'invalid' ? problemText(problem) : undefined}
          className="[&_input]:uppercase"
        />
        <SelectField
          label={t('home.timeZone')}
          hint={t('home.timeZoneHint', { province: t(`marketing:provinces.${province}`) })}
          name="homeTimeZone"
          value={zoneShown}
          disabled={busy}
          options={choices.map((choice) => ({ value: choice, label: t(`preferences.zones.${zoneNames[choice]}`) }))}
          onChange={(event) => {
            if (isCanadianTimeZone(event.target.value)) setZone(event.target.value);
          }}
        />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {checking ? t('home.checking') : save.isPending ? t('home.saving') : t('home.save')}
        </Button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {problem && problem.kind !== 'invalid' && <AlertMessage tone="error">{problemText(problem)}</AlertMessage>}
        {saved && saved.city && (
          <AlertMessage tone="success">{t('home.saved', { city: saved.city, province: t(`marketing:provinces.${saved.province}`) })}</AlertMessage>
        )}
      </div>
    </form>
  );
}
