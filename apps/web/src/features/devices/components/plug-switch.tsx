import { PLUG_SWITCH_ERROR_CODES, type PlugSwitchErrorCode } from '@peakwise/contracts/plug.contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@/lib/api-request';
import { usePlugSwitch } from '../api/use-plug-switch';

type Props = { deviceId: string; name: string; relayOn: boolean | null; neverSwitch: boolean };

const isKnownCode = (code: string | undefined): code is PlugSwitchErrorCode => PLUG_SWITCH_ERROR_CODES.includes(code as PlugSwitchErrorCode);

/**
 * A plug's power switch. While the plug is asked, the switch shows the requested position and
 * says it is waiting; if the plug does not confirm, it goes back to the last reported state
 * with the reason. A never-switch plug cannot be turned off from here.
 */
export function PlugSwitch({ deviceId, name, relayOn, neverSwitch }: Props) {
  const { t } = useTranslation('plugs');
  const labelId = useId();
  const statusId = useId();
  const mutation = usePlugSwitch(deviceId);

  const shownOn = mutation.isPending ? mutation.variables : (mutation.data?.on ?? relayOn);
  const offLocked = neverSwitch && shownOn === true;
  const disabled = mutation.isPending || offLocked;
  const nextOn = !(shownOn ?? false);

  const errorCode = mutation.error instanceof ApiRequestError ? mutation.error.code : undefined;
  const errorText = mutation.isError ? t(`errors.${isKnownCode(errorCode) ? errorCode : 'generic'}`, { name }) : null;
  const status = mutation.isPending
    ? t('waiting', { name })
    : errorText ?? (mutation.isSuccess ? t(mutation.data.on ? 'confirmedOn' : 'confirmedOff', { name }) : '');

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="text-sm font-medium text-slate-700">
          {t('label')}
        </span>
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-600" aria-hidden="true">
            {shownOn === null ? t('unknown') : t(shownOn ? 'on' : 'off')}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={shownOn ?? false}
            aria-labelledby={labelId}
            aria-describedby={statusId}
            aria-busy={mutation.isPending}
            title={t(nextOn ? 'switchOn' : 'switchOff', { name })}
            disabled={disabled}
            onClick={() => mutation.mutate(nextOn)}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${
              shownOn ? 'bg-brand-600' : 'bg-slate-400'
            }`}
          >
            <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${shownOn ? 'translate-x-5' : 'translate-x-0.5'}`} />
          </button>
        </div>
      </div>
      {neverSwitch ? <p className="text-xs text-slate-600">{t('neverSwitch')}</p> : null}
      <p id={statusId} role="status" className={`min-h-4 text-xs ${mutation.isError ? 'text-red-700' : 'text-slate-600'}`}>
        {status}
      </p>
    </div>
  );
}
