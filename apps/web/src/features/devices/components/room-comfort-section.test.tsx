import type { ComfortSettings } from '@peakwise/contracts/room-comfort.contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/energy-test-utils';
import { RoomComfortSection } from './room-comfort-section';

const settings: ComfortSettings = {
  rooms: [
    { roomId: 'r1', name: 'Living Room', floorC: 20, ceilingC: 26, isDefault: false, temperatureC: 21.5, measuredAt: new Date(Date.now() - 7 * 60_000).toISOString(), ageMinutes: 7, hasSensor: true, preheat: true },
    { roomId: 'r2', name: 'Den', floorC: 19, ceilingC: 26, isDefault: true, temperatureC: null, measuredAt: null, ageMinutes: null, hasSensor: false, preheat: false },
  ],
  plugs: [{ deviceId: 'p1', name: 'Baseboard', roomId: 'r1', load: 'heating' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('RoomComfortSection', () => {
  it('shows each room’s temperature and age, and a room without a sensor as not automated', async () => {
    renderWithApi(<RoomComfortSection />, (url) => (url.endsWith('/api/comfort') ? Response.json(settings) : new Response(null, { status: 404 })));
    expect(await screen.findByText(/21\.5\s?°C, 7 minutes ago/)).toBeTruthy();
    expect(screen.getByText('Not automated: add a temperature sensor to this room.')).toBeTruthy();
    expect((screen.getByLabelText('What Baseboard powers') as HTMLSelectElement).value).toBe('heating');
  });

  it('names every problem the server found with the limits', async () => {
    const puts: unknown[] = [];
    renderWithApi(<RoomComfortSection />, (url, init) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return Response.json(
          { error: { code: 'invalid_comfort_limits', message: 'x', details: [{ path: 'floor_out_of_range', message: 'x' }, { path: 'floor_not_below_ceiling', message: 'x' }] } },
          { status: 400 },
        );
      }
      return url.endsWith('/api/comfort') ? Response.json(settings) : new Response(null, { status: 404 });
    });
    const floors = await screen.findAllByLabelText('Floor (winter), °C');
    fireEvent.change(floors[0]!, { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Living Room' }));
    await waitFor(() => expect(screen.getByText('The floor must be between 10 °C and 30 °C.')).toBeTruthy());
    expect(screen.getByText('The floor must be below the ceiling.')).toBeTruthy();
    expect(puts).toEqual([{ floorC: 31, ceilingC: 26, preheat: true }]);
  });
});
