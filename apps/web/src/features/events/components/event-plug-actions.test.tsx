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

describe('EventPlugActions: comfort', () => {
  it('says what comfort did to each heater and why, with the room’s temperature and its limit', async () => {
    renderWithApi(<EventPlugActions event={event} />, (url) =>
      url === `/api/events/${event.id}/plug-actions`
        ? Response.json({
            actions: [],
            comfort: [
              { deviceId: 'h', deviceName: 'Baseboard', action: 'switched_off', reason: 'within_limit', temperatureC: 21, limitC: 20, at: '2025-11-24T23:00:00.000Z' },
              { deviceId: 'h', deviceName: 'Baseboard', action: 'restored', reason: 'crossed_limit', temperatureC: 19.5, limitC: 20, at: '2025-11-24T23:05:00.000Z' },
              { deviceId: 'd', deviceName: 'Den heater', action: 'not_automated', reason: 'no_sensor', temperatureC: null, limitC: 19, at: '2025-11-24T23:00:00.000Z' },
              { deviceId: 'b', deviceName: 'Bedroom heater', action: 'restored', reason: 'sensor_silent', temperatureC: 20.5, limitC: 19, at: '2025-11-24T23:36:00.000Z' },
            ],
          })
        : new Response(null, { status: 404 }),
    );
    const lines = (await screen.findByTestId('event-comfort-actions')).querySelectorAll('li');
    expect([...lines].map((li) => plain(li.textContent))).toEqual([
      '3:00 p.m.Baseboard was switched off: the room was comfortable at 21 °C (limit 20 °C)',
      '3:05 p.m.Baseboard was switched back on: the room reached 19.5 °C, past its limit of 20 °C',
      '3:00 p.m.Den heater was not switched: add a temperature sensor to its room',
      '3:36 p.m.Bedroom heater was switched back on: the room’s temperature sensor stopped reporting',
    ]);
  });

  it('says when a switch could not reach the plug in time (decision 113)', async () => {
    renderWithApi(<EventPlugActions event={event} />, (url) =>
      url === `/api/events/${event.id}/plug-actions`
        ? Response.json({
            actions: [],
            comfort: [{ deviceId: 'b', deviceName: 'Bedroom heater', action: 'restored', reason: 'sensor_silent', temperatureC: 20.5, limitC: 19, at: '2025-11-24T23:36:00.000Z', failed: true }],
          })
        : new Response(null, { status: 404 }),
    );
    const line = (await screen.findByTestId('event-comfort-actions')).querySelector('li')!;
    expect(plain(line.textContent)).toBe('3:36 p.m.Bedroom heater was switched back on: the room’s temperature sensor stopped reporting Not done: Bedroom heater could not be reached in time.');
  });
});
