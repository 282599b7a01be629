import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
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

  describe('an "off" overtaken by its restore before it was sent (decision 120)', () => {
    afterEach(() => i18n.changeLanguage('en'));

    it('says the heater was never switched off, and names the device the same way in both French logs', async () => {
      renderWithApi(<EventPlugActions event={event} />, (url) =>
        url === `/api/events/${event.id}/plug-actions`
          ? Response.json({
              actions: [{ deviceId: 'h', deviceName: 'Plinthe du salon', action: 'off_superseded', at: '2025-11-24T23:01:00.000Z' }],
              comfort: [
                { deviceId: 'h', deviceName: 'Plinthe du salon', action: 'switched_off', reason: 'within_limit', temperatureC: 21, limitC: 20, at: '2025-11-24T23:00:00.000Z', superseded: true },
                { deviceId: 'h', deviceName: 'Plinthe du salon', action: 'restored', reason: 'crossed_limit', temperatureC: 19.5, limitC: 20, at: '2025-11-24T23:01:00.000Z' },
              ],
            })
          : new Response(null, { status: 404 }),
      );
      const lines = async () => [...(await screen.findByTestId('event-plug-actions')).querySelectorAll('li')].map((li) => plain(li.textContent).replace(/^[^A-ZÉ]*/, ''));
      await screen.findByTestId('event-comfort-actions');
      expect(await lines()).toEqual([
        'Plinthe du salon was never switched off: its room needed it on again before the command went out',
        'Plinthe du salon was switched off: the room was comfortable at 21 °C (limit 20 °C) Never sent: the next switch overtook it, so it stayed on.',
        'Plinthe du salon was switched back on: the room reached 19.5 °C, past its limit of 20 °C',
      ]);
      await i18n.changeLanguage('fr');
      await screen.findByText(/n’a jamais été éteint/);
      expect(await lines()).toEqual([
        'L’appareil « Plinthe du salon » n’a jamais été éteint : sa pièce en avait de nouveau besoin avant l’envoi de l’ordre',
        'L’appareil « Plinthe du salon » a été éteint : la pièce était confortable à 21 °C (limite 20 °C) Jamais envoyé : l’ordre suivant l’a devancé ; l’appareil est resté allumé.',
        'L’appareil « Plinthe du salon » a été rallumé : la pièce a atteint 19,5 °C, au-delà de sa limite de 20 °C',
      ]);
      await i18n.changeLanguage('es');
      await screen.findByText(/nunca se apagó/);
      expect(await lines()).toEqual([
        'El aparato «Plinthe du salon» nunca se apagó: su habitación lo necesitaba de nuevo antes de que saliera la orden',
        'Plinthe du salon se apagó: la habitación estaba confortable a 21 °C (límite 20 °C) Nunca se envió: la orden siguiente se le adelantó, así que el aparato siguió encendido.',
        'Plinthe du salon se volvió a encender: la habitación llegó a 19,5 °C, más allá de su límite de 20 °C',
      ]);
    });
  });
});
