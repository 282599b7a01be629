import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { EventPlugActions } from './event-plug-actions';

const event: MemberEvent = {
  id: '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11',
  programName: 'Ontario Peak Saver',
  startsAt: '2025-11-24T23:00:00.000Z',
  endsAt: '2025-11-25T00:00:00.000Z',
  timeZone: 'America/Vancouver',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'ended',
  optedIn: true,
  canChange: false,
};

afterEach(() => vi.unstubAllGlobals());

const renderWith = (actions: unknown[]) =>
  renderWithApi(<EventPlugActions event={event} />, (url) => (url === `/api/events/${event.id}/plug-actions` ? Response.json({ actions }) : new Response(null, { status: 404 })));

describe('EventPlugActions', () => {
  it('lists each action at the household’s clock', async () => {
    renderWith([
      { deviceId: 'a', deviceName: 'Lamp', action: 'switched_off', at: '2025-11-24T23:00:01.000Z' },
      { deviceId: 'b', deviceName: 'Heater', action: 'skipped_already_off', at: '2025-11-24T23:00:01.000Z' },
      { deviceId: 'c', deviceName: 'TV', action: 'overridden', at: '2025-11-24T23:20:00.000Z' },
      { deviceId: 'a', deviceName: 'Lamp', action: 'restored', at: '2025-11-25T00:00:02.000Z' },
      { deviceId: 'd', deviceName: 'Fan', action: 'restore_failed', at: '2025-11-25T00:00:02.000Z' },
    ]);
    const list = await screen.findByRole('list');
    expect(screen.getByRole('heading', { name: 'Your plugs during this event' })).toBeInTheDocument();
    expect(Array.from(list.querySelectorAll('li')).map((li) => plain(li.textContent))).toEqual([
      '3:00 p.m.Lamp was switched off',
      '3:00 p.m.Heater was already off, so it was left off',
      '3:20 p.m.You switched TV yourself, so it stays as you set it',
      '4:00 p.m.Lamp was switched back on',
      '4:00 p.m.Fan couldn’t be switched back on',
    ]);
  });

  it('shows nothing when automation did nothing', async () => {
    renderWith([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('event-plug-actions')).toBeNull();
  });
});
