import type { RoomComfort } from '@peakwise/contracts/room-comfort.contract';
import { COMFORT_LIMIT_PROBLEMS, COMFORT_MAX_C, COMFORT_MIN_C, COMFORT_STEP_C, type ComfortLimitProblem, type ComfortLoad } from '@peakwise/domain/room-comfort';
import { Thermometer } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { controlClass, errorClass, labelClass } from '@/components/ui/field-styles';
import { LoadError } from '@/components/ui/load-error';
import { formatCelsius, formatRelativeTime, useIntlLocale } from '@/lib/format';
import { useRoomName } from '@/lib/room-name';
import { useRoomComfort } from '@/lib/use-room-comfort';
import { ComfortRefusal, useSaveComfort } from '../api/use-room-comfort';

const LOADS = ['none', 'heating', 'cooling'] as const;

/**
 * Devices → Comfort during events: each room's floor and ceiling with its latest temperature, and
 * which plugs power a heater or an air conditioner (decision 109). A room without a temperature
 * sensor is shown as not automated.
 */
export function RoomComfortSection() {
  const { t } = useTranslation('manageDevices');
  const query = useRoomComfort();
  const save = useSaveComfort();
  const titleId = useId();
  const data = query.data;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="room-comfort">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Thermometer aria-hidden="true" className="size-4 text-slate-600" />
        {t('comfort.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('comfort.description')}</p>
      {query.isError ? (
        <LoadError title={t('comfort.loadFailed')} message="" retryLabel={t('comfort.retry')} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <p className="mt-3 text-sm text-slate-600">{t('comfort.loading')}</p>
      ) : (
        <>
          <ul className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            {data.rooms.map((room) => (
              <li key={room.roomId}>
                <RoomLimits room={room} onSave={(floorC, ceilingC, preheat) => save.mutateAsync({ kind: 'room', roomId: room.roomId, floorC, ceilingC, preheat })} />
              </li>
            ))}
          </ul>
          <h3 className="mt-6 font-medium text-slate-900">{t('comfort.plugsTitle')}</h3>
          {data.plugs.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('comfort.noPlugs')}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {data.plugs.map((plug) => (
                <li key={plug.deviceId} className="flex flex-wrap items-center justify-between gap-3">
                  <span className="text-sm text-slate-800">{plug.name}</span>
                  <select
                    aria-label={t('comfort.plugLabel', { name: plug.name })}
                    className={`${controlClass(false)} min-h-11 w-auto`}
                    value={plug.load ?? 'none'}
                    disabled={save.isPending}
                    onChange={(e) => save.mutate({ kind: 'plug', deviceId: plug.deviceId, load: e.target.value === 'none' ? null : (e.target.value as ComfortLoad) })}
                  >
                    {LOADS.map((load) => (
                      <option key={load} value={load}>
                        {t(`comfort.load.${load}`)}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function RoomLimits({ room, onSave }: { room: RoomComfort; onSave: (floorC: number, ceilingC: number, preheat: boolean) => Promise<unknown> }) {
  const { t } = useTranslation('manageDevices');
  const locale = useIntlLocale();
  const roomName = useRoomName();
  const id = useId();
  const [floor, setFloor] = useState(String(room.floorC));
  const [ceiling, setCeiling] = useState(String(room.ceilingC));
  const [preheat, setPreheat] = useState(room.preheat);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [errors, setErrors] = useState<string[]>([]);
  const name = roomName(room.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('saving');
    setErrors([]);
    try {
      await onSave(Number(floor), Number(ceiling), preheat);
      setStatus('saved');
    } catch (error) {
      setStatus('idle');
      setErrors(problemsOf(error).map((p) => t(`comfort.errors.${p}`)));
    }
  };
  const errorId = `${id}-errors`;
  const input = (label: string, value: string, change: (v: string) => void, suffix: string) => (
    <div>
      <label htmlFor={`${id}-${suffix}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${suffix}`}
        type="number"
        inputMode="decimal"
        min={COMFORT_MIN_C}
        max={COMFORT_MAX_C}
        step={COMFORT_STEP_C}
        value={value}
        onChange={(e) => change(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
        className={`${controlClass(errors.length > 0)} mt-1.5 min-h-11`}
      />
    </div>
  );
  return (
    // The server names every problem at once, in the member's language, so the browser's own checks are off.
    <form noValidate onSubmit={(e) => void submit(e)} className="rounded-lg border border-slate-200 p-4" aria-label={name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium text-slate-900">{name}</h3>
        {room.isDefault ? <span className="text-xs text-slate-600">{t('comfort.defaults')}</span> : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {!room.hasSensor
          ? t('comfort.notAutomated')
          : room.temperatureC === null || room.measuredAt === null
            ? t('comfort.noReading')
            : t('comfort.reading', { temperature: formatCelsius(room.temperatureC, locale), age: formatRelativeTime(room.measuredAt, new Date(), locale) })}
      </p>
      {/* Bottom-aligned: a label that wraps at phone width (French) must not push its box below its neighbour. */}
      <div className="mt-3 grid grid-cols-2 items-end gap-3">
        {input(t('comfort.floor'), floor, setFloor, 'floor')}
        {input(t('comfort.ceiling'), ceiling, setCeiling, 'ceiling')}
      </div>
      <div className="mt-3">
        <Checkbox label={t('comfort.preheat')} checked={preheat} onChange={(e) => setPreheat(e.target.checked)} />
      </div>
      {errors.length > 0 ? (
        <ul id={errorId} className={errorClass}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex items-center gap-3">
        <Button type="submit" variant="secondary" disabled={status === 'saving'}>
          {t('comfort.save', { room: name })}
        </Button>
        <span aria-live="polite" className="text-sm text-slate-600">
          {status === 'saving' ? t('comfort.saving') : status === 'saved' ? t('comfort.saved') : ''}
        </span>
      </div>
    </form>
  );
}

/** The problems the server named, or a generic failure. */
function problemsOf(error: unknown): (ComfortLimitProblem | 'generic')[] {
  const named = error instanceof ComfortRefusal ? error.problems.filter((p): p is ComfortLimitProblem => (COMFORT_LIMIT_PROBLEMS as readonly string[]).includes(p)) : [];
  return named.length > 0 ? named : ['generic'];
}
