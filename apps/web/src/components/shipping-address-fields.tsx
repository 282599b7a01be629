import type { ShippingAddress } from '@peakwise/contracts/rewards.contract';
import { parsePostalCode, provinceOf } from '@peakwise/domain/postal-code';
import { cityOf } from '@peakwise/domain/postal-place';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type AddressDraft = { name: string; line1: string; line2: string; city: string; province: string; postalCode: string };
export const EMPTY_ADDRESS: AddressDraft = { name: '', line1: '', line2: '', city: '', province: '', postalCode: '' };

type Props = { value: AddressDraft; onChange: (next: AddressDraft) => void; errors: Partial<Record<string, string>>; disabled: boolean };

/**
 * The draft with the province (and the city, when the postal code names one) that a valid postal
 * code decides. The province must match the code anyway; a city the member typed is kept.
 */
export function withPlaceOfPostalCode(draft: AddressDraft, previous: AddressDraft): AddressDraft {
  const parsed = parsePostalCode(draft.postalCode);
  if (!parsed.ok) return draft;
  const before = parsePostalCode(previous.postalCode);
  const cityBefore = before.ok ? cityOf(before.code) : undefined;
  const city = cityOf(parsed.code);
  const cityIsOurs = draft.city.trim() === '' || draft.city === cityBefore;
  return { ...draft, province: provinceOf(parsed.code), city: city && cityIsOurs ? city : draft.city };
}

/** A Canadian shipping address (a reward's, the free plug's); the server checks the postal code against the province. */
export function ShippingAddressFields({ value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation('rewards');
  const field = (key: keyof AddressDraft) => ({
    value: value[key],
    disabled,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...value, [key]: e.target.value };
      onChange(key === 'postalCode' ? withPlaceOfPostalCode(next, value) : next);
    },
  });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{t('redeem.shippingTitle')}</legend>
      <TextField label={t('redeem.address.name')} autoComplete="name" required maxLength={100} {...field('name')} />
      <TextField label={t('redeem.address.line1')} autoComplete="address-line1" required maxLength={100} {...field('line1')} />
      <TextField label={t('redeem.address.line2')} autoComplete="address-line2" maxLength={100} {...field('line2')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('redeem.address.city')} autoComplete="address-level2" required maxLength={100} {...field('city')} />
        <SelectField
          label={t('redeem.address.province')}
          placeholder={t('redeem.address.provincePlaceholder')}
          options={PROVINCES.map((p) => ({ value: p, label: t(`provinces.${p}`) }))}
          required
          {...field('province')}
        />
      </div>
      <TextField label={t('redeem.address.postalCode')} hint={t('redeem.address.postalCodeHint')} autoComplete="postal-code" required maxLength={7} className="sm:w-1/2" {...field('postalCode')} />
    </fieldset>
  );
}

/** The draft as the contract wants it (the optional line left out when empty). */
export function toShippingAddress(draft: AddressDraft): ShippingAddress {
  const { line2, ...rest } = draft;
  return { ...rest, ...(line2.trim() ? { line2 } : {}) } as ShippingAddress;
}
