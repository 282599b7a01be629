import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/energy-test-utils';
import { PlugSwitch } from './plug-switch';

afterEach(() => vi.unstubAllGlobals());

const switchCall = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/switch')).map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) }));

describe('PlugSwitch', () => {
  it('asks the plug, waits for its confirmation and then shows the new state', async () => {
    let confirm: (r: Response) => void = () => {};
    const { fetchMock } = renderWithApi(<PlugSwitch deviceId="d-1" name="TV & Entertainment" relayOn={true} neverSwitch={false} />, (url) =>
      url.includes('/switch') ? new Promise<Response>((resolve) => (confirm = resolve)) : Response.json({}),
    );
    const control = screen.getByRole('switch', { name: 'Power switch' });
    expect(control).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(control);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for TV & Entertainment to confirm…');
    expect(control).toHaveAttribute('aria-checked', 'false');
    expect(control).toBeDisabled();
    expect(switchCall(fetchMock)).toEqual([{ url: '/api/devices/d-1/switch', body: { on: false } }]);

    confirm(Response.json({ deviceId: 'd-1', on: false, confirmedAt: '2026-11-22T12:00:00.000Z' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('TV & Entertainment is off.'));
    expect(control).toHaveAttribute('aria-checked', 'false');
    expect(control).toBeEnabled();
  });

  it('rolls back to the reported state with the reason when the plug does not confirm', async () => {
    renderWithApi(<PlugSwitch deviceId="d-2" name="Space Heater" relayOn={true} neverSwitch={false} />, () =>
      Response.json({ error: { code: 'plug_timeout', message: 'Space Heater did not confirm the change in time.' } }, { status: 504 }),
    );
    const control = screen.getByRole('switch', { name: 'Power switch' });
    await userEvent.click(control);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Space Heater didn’t confirm the change in time. It may be offline, so it stays as it last reported.'),
    );
    expect(control).toHaveAttribute('aria-checked', 'true');
  });

  it('cannot switch a never-switch plug off, and says why', async () => {
    const { fetchMock } = renderWithApi(<PlugSwitch deviceId="d-3" name="Refrigerator" relayOn={true} neverSwitch={true} />, () => Response.json({}));
    const control = screen.getByRole('switch', { name: 'Power switch' });
    expect(control).toBeDisabled();
    expect(screen.getByText(/can’t be switched off remotely/)).toBeInTheDocument();
    await userEvent.click(control);
    expect(switchCall(fetchMock)).toEqual([]);
  });
});
