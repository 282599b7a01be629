import { PLAN_HEIGHT, PLAN_WIDTH } from '@peakwise/contracts/device-management.contract';
import type { DeviceRoom, DeviceSummary } from '@peakwise/contracts/devices.contract';
import { canZoomIn, canZoomOut, pinchZoom, ZOOM_DEFAULT_PCT, zoomIn, zoomOut } from '@peakwise/domain/floor-plan-zoom';
import { Minus, Plus } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementWidth } from '@/components/charts/use-element-width';
import { statusTone } from '@/components/ui/status-badge';
import { formatPercent, useIntlLocale } from '@/lib/format';
import type { DeviceMove } from '../api/use-device-management';
import { statusLabel } from '../device-labels';
import { fitScale, markerPixel } from '../marker-placement';
import { useMarkerDrag } from '../use-marker-drag';
import { useRoomName } from '@/lib/room-name';

/** The viewport is 500 px high (docs/product/domain-rules.md#floor-plan). */
const VIEWPORT_HEIGHT_PX = 500;

const markerTone = {
  good: 'bg-emerald-600 ring-emerald-200',
  warning: 'bg-amber-500 ring-amber-200',
  critical: 'bg-red-600 ring-red-200',
  neutral: 'bg-slate-500 ring-slate-200',
} as const;

type FloorPlanProps = {
  rooms: DeviceRoom[];
  devices: DeviceSummary[];
  highlightedRoomId: string | null;
  onRoomToggle: (roomId: string) => void;
  selectedDeviceId: string | null;
  onSelectDevice: (deviceId: string) => void;
  announce: (message: string) => void;
  onMoveDevice: (move: DeviceMove) => Promise<unknown>;
};

export function FloorPlan({ rooms, devices, highlightedRoomId, onRoomToggle, selectedDeviceId, onSelectDevice, announce, onMoveDevice }: FloorPlanProps) {
  const { t } = useTranslation('devices');
  const locale = useIntlLocale();
  const roomName = useRoomName();
  const [zoom, setZoom] = useState(ZOOM_DEFAULT_PCT);
  const [measure, width] = useElementWidth<HTMLDivElement>(800);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  // At 100% the whole plan fits the viewport, or on a phone fills its height; zoom scales from there.
  const fit = fitScale(width, VIEWPORT_HEIGHT_PX - 2, PLAN_WIDTH, PLAN_HEIGHT);
  const scale = (fit * zoom) / 100;
  const zoomText = formatPercent(zoom, locale, { digits: 0 });
  const markers = useMarkerDrag({ scale, rooms, onMove: onMoveDevice });

  const applyZoom = (next: number) => {
    if (next === zoom) return;
    setZoom(next);
    announce(t('plan.zoomLevel', { zoom: formatPercent(next, locale, { digits: 0 }) }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === '+' || event.key === '=') applyZoom(zoomIn(zoom));
    else if (event.key === '-' || event.key === '_') applyZoom(zoomOut(zoom));
    else return;
    event.preventDefault();
  };

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current && pointers.current.size === 2) applyZoom(pinchZoom(pinch.current.zoom, pinch.current.distance, distance()));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const placed = devices.filter((d) => d.x !== null && d.y !== null);

  return (
    <section aria-labelledby="floor-plan-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="floor-plan-title" className="font-semibold text-slate-900">
            {t('plan.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('plan.hint')}</p>
        </div>
        <div className="flex items-center gap-2">
          <button type="button" onClick={() => applyZoom(zoomOut(zoom))} disabled={!canZoomOut(zoom)} aria-label={t('plan.zoomOut')} className={zoomButton}>
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output data-testid="zoom-level" className="w-14 text-center text-sm font-medium text-slate-800 tabular-nums">
            {zoomText}
          </output>
          <button type="button" onClick={() => applyZoom(zoomIn(zoom))} disabled={!canZoomIn(zoom)} aria-label={t('plan.zoomIn')} className={zoomButton}>
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <div
        ref={measure}
        role="group"
        tabIndex={0}
        aria-label={t('plan.label', { zoom: zoomText })}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        style={{ height: VIEWPORT_HEIGHT_PX, touchAction: 'pan-x pan-y' }}
        className="mt-4 overflow-auto rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <div className="relative" style={{ width: PLAN_WIDTH * scale, height: PLAN_HEIGHT * scale }}>
          {rooms.map((room) => {
            const highlighted = room.id === highlightedRoomId;
            const count = devices.filter((d) => d.roomId === room.id).length;
            return (
              <button
                key={room.id}
                type="button"
                aria-pressed={highlighted}
                aria-label={t('plan.room', { room: roomName(room.name), count })}
                onClick={() => onRoomToggle(room.id)}
                style={{ left: room.x * scale, top: room.y * scale, width: room.width * scale, height: room.height * scale }}
                className={`absolute flex items-start border p-2 text-left text-xs font-semibold focus-visible:z-20 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                  highlighted ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
                }`}
              >
                <span aria-hidden="true" data-room-label className="max-w-full truncate">
                  {roomName(room.name)}
                </span>
              </button>
            );
          })}
          {placed.map((device) => {
            const spot = markerPixel(markers.positionOf(device), rooms, scale);
            const { shouldSelect, ...dragHandlers } = markers.handlers(device);
            const dimmed = highlightedRoomId !== null && device.roomId !== highlightedRoomId;
            const selected = device.id === selectedDeviceId;
            return (
              <button
                key={device.id}
                type="button"
                aria-pressed={selected}
                aria-label={t('plan.marker', { name: device.name, status: statusLabel(t, device.status) })}
                title={device.name}
                data-dimmed={dimmed}
                aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown"
                onClick={() => shouldSelect() && onSelectDevice(device.id)}
                {...dragHandlers}
                style={{ left: spot.left, top: spot.top, touchAction: 'none' }}
                className={`absolute z-10 flex size-6 cursor-grab active:cursor-grabbing -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full transition-opacity focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  dimmed ? 'opacity-25' : ''
                } ${selected ? 'outline-2 outline-offset-2 outline-slate-900' : ''}`}
              >
                {/* The dot keeps its size; on a touch screen the button around it grows to 44 px (styles.css). */}
                <span aria-hidden="true" className={`flex size-6 items-center justify-center rounded-full ring-4 ${markerTone[statusTone(device.status)]}`}>
                  <span className="size-2 rounded-full bg-white" />
                </span>
              </button>
            );
          })}
        </div>
      </div>
      {placed.length < devices.length && (
        <p className="mt-3 text-xs text-slate-600">
          {t('plan.unplaced', {
            names: devices
              .filter((d) => d.x === null || d.y === null)
              .map((d) => d.name)
              .join(', '),
          })}
        </p>
      )}
    </section>
  );
}

const zoomButton =
  'inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
