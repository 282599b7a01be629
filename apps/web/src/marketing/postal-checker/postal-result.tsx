import { useTranslation } from 'react-i18next';
import { CheckCircle2, MapPinOff } from 'lucide-react';
import type { PostalCheckResult } from '@peakwise/contracts/postal.contract';
import { Button } from '@/components/ui/button';

type PostalResultProps = { result: PostalCheckResult; onSignUp: () => void };

export function PostalResult({ result, onSignUp }: PostalResultProps) {
  const { t } = useTranslation('marketing');
  const place = { city: result.city, province: t(`provinces.${result.province}`) };

  if (result.isServiceable) {
    return (
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-4">
        <div className="flex gap-3">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <h3 className="font-semibold text-brand-900">{t('landing.postal.serviceableTitle')}</h3>
            <p className="mt-1 text-sm text-brand-900">{t('landing.postal.serviceable', place)}</p>
            <Button size="sm" className="mt-3" onClick={onSignUp} aria-haspopup="dialog">
              {t('landing.postal.signUp')}
            </Button>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <div className="flex gap-3">
        <MapPinOff aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-800" />
        <div>
          <h3 className="font-semibold text-amber-950">{t('landing.postal.notServiceableTitle')}</h3>
          <p className="mt-1 text-sm text-amber-950">{t('landing.postal.notServiceable', place)}</p>
        </div>
      </div>
    </div>
  );
}
