import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { EventComfortPlan } from './event-comfort-plan';

// A Québec morning event: 6:00 a.m. on Montréal's clock is 11:00 UTC in winter.
const event: MemberEvent = {
  id: '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11',
  programName: 'Québec Winter Challenge',
  startsAt: '2025-12-02T11:00:00.000Z',
  endsAt: '2025-12-02T14:00:00.000Z',
  timeZone: 'America/Toronto',
  rewardPoints: 150,
  targetPercent: 15,
  status: 'scheduled',
  optedIn: true,
  canChange: true,
  preheat: true,
};

const room = (over: object) => ({ roomId: 'r', name: 'Living Room', floorC: 19, ceilingC: 26, isDefault: true, temperatureC: null, measuredAt: null, ageMinutes: null, hasSensor: false, preheat: false, ...over });

const renderWith = (e: MemberEvent, rooms: unknown[]) =>
  renderWithApi(<EventComfortPlan event={e} linkClass="" />, (url) => (url === '/api/comfort' ? Response.json({ rooms, plugs: [] }) : new Response(null, { status: 404 })));

afterEach(() => vi.unstubAllGlobals());

describe('EventComfortPlan', () => {
  it('lists the rooms set up for comfort with their limits and the pre-heat hour on the home’s clock', async () => {
    renderWith(event, [
      room({ roomId: 'a', floorC: 20, isDefault: false, preheat: true, hasSensor: true }),
      room({ roomId: 'b', name: 'Bedroom', preheat: true }),
      room({ roomId: 'c', name: 'Office' }),
    ]);
    const plan = await screen.findByTestId('event-comfort-plan');
    expect(Array.from(plan.querySelectorAll('li')).map((li) => plain(li.textContent))).toEqual([
      'Living RoomTemperature kept between 20 °C and 26 °C: heating or cooling comes back on at once past eitherPre-heating from 5:00 a.m. to 6:00 a.m., the hour before the event',
      'BedroomTemperature kept between 19 °C and 26 °C: heating or cooling comes back on at once past eitherPre-heating from 5:00 a.m. to 6:00 a.m., the hour before the eventNot automated: add a temperature sensor to this room',
    ]);
  });

  it('leaves the pre-heat hour out when the program does not ask for it', async () => {
    renderWith({ ...event, preheat: undefined }, [room({ floorC: 20, isDefault: false, preheat: true, hasSensor: true })]);
    const plan = await screen.findByTestId('event-comfort-plan');
    expect(plain(plan.querySelector('li')?.textContent)).not.toContain('Pre-heating');
  });

  it('shows nothing once the event is over', async () => {
    renderWith({ ...event, status: 'settled' }, [room({ floorC: 20, isDefault: false })]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('event-comfort-plan')).toBeNull();
  });

  it('shows nothing when every room is on the defaults without pre-heat', async () => {
    const { fetchMock } = renderWith(event, [room({})]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/comfort', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('event-comfort-plan')).toBeNull();
  });
});
