import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import { POSTAL_CODE_INPUT_MAX_LENGTH } from '@peakwise/domain/postal-code';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field-styles';
import { PostalResult } from './postal-result';
import { usePostalCheck } from './use-postal-check';

type PostalCheckerProps = { onSignUp: () => void };

/** The landing page's serviceability check (docs/product/routes-and-screens.md#postal-code-checker). */
export function PostalChecker({ onSignUp }: PostalCheckerProps) {
  const { t } = useTranslation('marketing');
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const [value, setValue] = useState('');
  const { state, check } = usePostalCheck();
  const checking = state.status === 'checking';
  const errorText =
    state.status === 'invalid' ? t('landing.postal.invalid') : state.status === 'failed' ? t('landing.postal.failed') : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(value);
  };

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <MapPin aria-hidden className="size-5" />
        </span>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('landing.postal.title')}
        </h2>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t('landing.postal.intro')}</p>
      <form noValidate onSubmit={submit} className="mt-5">
        <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
          {t('landing.postal.label')}
        </label>
        <div className="mt-1.5 flex flex-col gap-3 sm:flex-row">
          <input
            id={`${id}-input`}
            name="postalCode"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            maxLength={POSTAL_CODE_INPUT_MAX_LENGTH}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('landing.postal.placeholder')}
            aria-invalid={state.status === 'invalid' ? true : undefined}
            aria-describedby={errorText ? errorId : undefined}
            className={`${controlClass(state.status === 'invalid')} uppercase tracking-wider sm:flex-1`}
          />
          <Button type="submit" size="md" disabled={checking} className="sm:min-w-32">
            {checking ? t('landing.postal.checking') : t('landing.postal.submit')}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4">
        {errorText && (
          <AlertMessage tone="error" id={errorId}>
            {errorText}
          </AlertMessage>
        )}
        {state.status === 'done' && <PostalResult result={state.result} onSignUp={onSignUp} />}
      </div>
    </section>
  );
}
