import type { MemberEvent } from '@peakwise/contracts/events.contract';
import type { RoomComfort } from '@peakwise/contracts/room-comfort.contract';
import { Thermometer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCelsius, formatTime, useIntlLocale } from '@/lib/format';
import { useRoomName } from '@/lib/room-name';
import { useRoomComfort } from '@/lib/use-room-comfort';

const HOUR_MS = 3_600_000;

/**
 * Before and during an event: the rooms the member has set up for comfort (a limit of their own
 * or pre-heat), each with the floor and ceiling the event keeps, and the hour it is pre-heated
 * when the program asks for it (decision 109). Rooms still on the defaults with no pre-heat are
 * left out; nothing shows when there are none.
 */
export function EventComfortPlan({ event, linkClass }: { event: MemberEvent; linkClass: string }) {
  const { t } = useTranslation('eventAutomation');
  const locale = useIntlLocale();
  const roomName = useRoomName();
  const upcoming = event.status === 'scheduled' || event.status === 'active';
  const query = useRoomComfort({ enabled: upcoming });
  if (!upcoming || !query.data) return null;
  const rooms = query.data.rooms.filter((room) => !room.isDefault || room.preheat);
  if (rooms.length === 0) return null;
  const preheatFrom = formatTime(new Date(Date.parse(event.startsAt) - HOUR_MS).toISOString(), event.timeZone, locale);
  const preheatTo = formatTime(event.startsAt, event.timeZone, locale);
  const preheatLine = (room: RoomComfort) => (room.preheat && event.preheat ? t('plan.preheat', { from: preheatFrom, to: preheatTo }) : null);
  return (
    <section aria-labelledby="event-comfort-plan-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="event-comfort-plan">
      <h2 id="event-comfort-plan-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Thermometer aria-hidden="true" className="size-4 text-slate-600" />
        {t('plan.title')}
      </h2>
      <ul className="mt-3 space-y-3 text-sm text-slate-700">
        {rooms.map((room) => (
          <li key={room.roomId}>
            <h3 className="font-medium text-slate-900">{roomName(room.name)}</h3>
            <p>{t('plan.limits', { floor: formatCelsius(room.floorC, locale), ceiling: formatCelsius(room.ceilingC, locale) })}</p>
            {preheatLine(room) ? <p>{preheatLine(room)}</p> : null}
            {!room.hasSensor ? <p className="text-amber-800">{t('plan.notAutomated')}</p> : null}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link to="/app/devices" className={`${linkClass} min-h-11`}>
          {t('plan.change')}
        </Link>
      </p>
    </section>
  );
}
