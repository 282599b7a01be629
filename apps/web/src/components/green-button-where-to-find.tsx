import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { defaultUtility, GREEN_BUTTON_UTILITIES, isGreenButtonUtilityId, type GreenButtonUtilityId } from '@peakwise/domain/green-button-utilities';
import { SelectField } from '@/components/ui/select-field';
import { useHomeProvince } from '@/lib/use-home-province';

/** Where the Devices screen's Add device opens. */
const ADD_DEVICE_PATH = '/app/devices?add=1';

const linkClass =
  'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * "Where to find your Green Button file" for the member's utility (issue 30): a choice of the six
 * utilities, the one of the home's province first and chosen when it is the only one there (British
 * Columbia, Québec); Ontario's four are named and the member picks theirs. A utility without a
 * Green Button download (Hydro-Québec), or a province we list none in (Alberta), says so and points
 * to connecting a device. `bare`: the body alone, for the first-visit checklist's disclosure, which
 * holds its own title (first-steps-checklist.tsx).
 */
export function GreenButtonWhereToFind({ bare = false }: { bare?: boolean }) {
  const { t, ready } = useTranslation('utilityGuide');
  const province = useHomeProvince();
  const [picked, setPicked] = useState<GreenButtonUtilityId | '' | null>(null);
  const headingId = useId();
  if (!ready) return null;
  const utility = picked ?? (province ? (defaultUtility(province) ?? '') : '');
  const offers = utility === '' ? true : GREEN_BUTTON_UTILITIES.find((u) => u.id === utility)!.offersGreenButton;
  // The home's province first, then the others, each in the list's order.
  const ordered = [...GREEN_BUTTON_UTILITIES].sort((a, b) => Number(b.province === province) - Number(a.province === province));
  const noneHere = province === 'AB' && utility === '';

  const body = (
    <div className="mt-2 space-y-2 text-sm text-slate-700" data-testid="green-button-where">
      {province === 'ON' && <p>{t('ontario')}</p>}
      {province === 'AB' && <p>{t('alberta')}</p>}
      {province !== undefined && province !== 'ON' && province !== 'AB' && defaultUtility(province) === null && <p>{t('elsewhere')}</p>}
      <SelectField
        label={t('utilityLabel')}
        placeholder={t('choose')}
        value={utility}
        onChange={(e) => setPicked(isGreenButtonUtilityId(e.target.value) ? e.target.value : '')}
        options={ordered.map((u) => ({ value: u.id, label: `${t(`utilities.${u.id}.name`)} (${t(`provinces.${u.province}`)})` }))}
        className="max-w-sm"
      />
      {utility !== '' && (
        <div aria-live="polite" className="space-y-1">
          <p>{t(`utilities.${utility}.where`)}</p>
          <p>{t(`utilities.${utility}.what`)}</p>
          {offers && <p className="text-slate-600">{t('format')}</p>}
        </div>
      )}
      {(!offers || noneHere) && (
        <p>
          {t('instead')}{' '}
          <Link to={ADD_DEVICE_PATH} className={linkClass}>
            {t('connectDevice')}
          </Link>
        </p>
      )}
    </div>
  );

  if (bare) return body;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('title')}
      </h3>
      {body}
    </section>
  );
}
