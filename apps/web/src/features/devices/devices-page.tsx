import { Plug, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { revealIfHidden } from '@/lib/reveal';
import { useMoveDevice, type DeviceMove } from './api/use-device-management';
import { useDevicesOverview } from './api/use-devices';
import { AddDeviceDialog } from './components/add-device-dialog';
import { DeviceCards } from './components/device-cards';
import { DeviceDetail } from './components/device-detail';
import { DeviceTable } from './components/device-table';
import { FloorPlan } from './components/floor-plan';
import { LoginMissingNotice } from './components/login-missing-notice';
import { RoomComfortSection } from './components/room-comfort-section';
import { manageErrorText } from './manage-error';
import { useRoomName } from '@/lib/room-name';

function DevicesSkeleton() {
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <Skeleton className="h-[560px]" />
    </div>
  );
}

export default function DevicesPage() {
  const { t } = useTranslation('devices');
  const query = useDevicesOverview();
  const overview = query.data;
  const [highlightedRoomId, setHighlightedRoomId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The Dashboard's "Add a device" links here with ?add=1: the dialog opens at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(() => searchParams.get('add') === '1');
  const closeAdding = () => {
    setAdding(false);
    if (searchParams.has('add')) setSearchParams((params) => (params.delete('add'), params), { replace: true });
  };
  const { t: tm } = useTranslation('manageDevices');
  const roomName = useRoomName();
  // One polite live region for zoom, highlight and selection changes.
  const [announcement, setAnnouncement] = useState('');

  const selected = overview?.devices.find((d) => d.id === selectedId) ?? null;

  const toggleRoom = (roomId: string) => {
    const room = overview?.rooms.find((r) => r.id === roomId);
    const clearing = highlightedRoomId === roomId;
    setHighlightedRoomId(clearing ? null : roomId);
    setAnnouncement(clearing ? t('plan.roomCleared') : t('plan.roomSelected', { room: room ? roomName(room.name) : '' }));
  };
  const move = useMoveDevice();
  const moveDevice = async (spot: DeviceMove) => {
    const device = overview?.devices.find((d) => d.id === spot.id);
    const room = overview?.rooms.find((r) => r.id === spot.roomId);
    try {
      await move.mutateAsync(spot);
      if (device) setAnnouncement(tm('move.moved', { name: device.name, room: room ? roomName(room.name) : t('table.noRoom') }));
    } catch (error) {
      setAnnouncement(manageErrorText(tm, error));
      throw error;
    }
  };
  // The details sit beside the plan on a wide screen and between the plan and the table on a
  // narrow one, where a choice in the table would change a panel off screen: it is brought into
  // view, and a choice from the table puts focus on its heading; closing it goes back there.
  const detailPanel = useRef<HTMLDivElement>(null);
  const [reveal, setReveal] = useState<{ from: 'plan' | 'table'; returnTo: HTMLElement | null } | null>(null);
  useEffect(() => {
    const panel = detailPanel.current;
    if (!reveal || !panel) return;
    revealIfHidden(panel);
    if (reveal.from === 'table') panel.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [reveal]);
  const selectDevice = (deviceId: string, from: 'plan' | 'table') => {
    setSelectedId(deviceId);
    setReveal({ from, returnTo: document.activeElement instanceof HTMLElement ? document.activeElement : null });
    const device = overview?.devices.find((d) => d.id === deviceId);
    if (device) setAnnouncement(t('detail.selected', { name: device.name }));
  };
  const closeDetail = () => {
    setSelectedId(null);
    if (reveal?.from === 'table' && reveal.returnTo?.isConnected) reveal.returnTo.focus();
    setReveal(null);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
        </div>
        {overview ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {tm('add.open')}
          </Button>
        ) : null}
      </div>
      {overview ? <AddDeviceDialog open={adding} onClose={closeAdding} rooms={overview.rooms} /> : null}
      <p aria-live="polite" className="sr-only" data-testid="devices-announcer">
        {announcement}
      </p>

      {query.isError && !query.isFetching ? (
        <LoadError title={t('error.title')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void query.refetch()} />
      ) : !overview ? (
        <DevicesSkeleton />
      ) : (
        <div className="space-y-6">
          <LoginMissingNotice devices={overview.devices} onOpen={(id) => selectDevice(id, 'table')} />
          <DeviceCards cards={overview.cards} />
          {overview.devices.length === 0 ? (
            <EmptyState icon={Plug} title={t('empty.title')} message={t('empty.message')} />
          ) : (
            <>
              <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                <FloorPlan
                  rooms={overview.rooms}
                  devices={overview.devices}
                  highlightedRoomId={highlightedRoomId}
                  onRoomToggle={toggleRoom}
                  selectedDeviceId={selectedId}
                  onSelectDevice={(id) => selectDevice(id, 'plan')}
                  announce={setAnnouncement}
                  onMoveDevice={moveDevice}
                />
                <div ref={detailPanel} data-testid="device-detail-panel" className="min-w-0 scroll-mt-4">
                  {selected ? (
                    <DeviceDetail key={selected.id} device={selected} rooms={overview.rooms} timeZone={overview.timeZone} onClose={closeDetail} />
                  ) : (
                    <section aria-label={t('detail.title')} className="rounded-xl border border-dashed border-slate-300 p-5 text-sm text-slate-600">
                      {t('detail.none')}
                    </section>
                  )}
                </div>
              </div>
              <DeviceTable devices={overview.devices} selectedDeviceId={selectedId} onSelectDevice={(id) => selectDevice(id, 'table')} />
            </>
          )}
          {/* Limits and pre-heat can be set before the first device: a new member sets them up front. */}
          <RoomComfortSection />
        </div>
      )}
    </div>
  );
}
