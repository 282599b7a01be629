import type { DeviceSummary } from '@peakwise/contracts/devices.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/energy-test-utils';
import { AddDeviceDialog } from './add-device-dialog';
import { DeviceSettings } from './device-settings';

afterEach(() => vi.unstubAllGlobals());

const rooms = [
  { id: 'r-kitchen', name: 'Kitchen', x: 0, y: 0, width: 500, height: 300 },
  { id: 'r-office', name: 'Office', x: 500, y: 0, width: 500, height: 300 },
];
const calls = (fetchMock: ReturnType<typeof vi.fn>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === method)
    .map(([url, init]) => ({ url: String(url), body: (init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined }));

describe('AddDeviceDialog', () => {
  it('pairs a device and shows its credential once', async () => {
    const { fetchMock } = renderWithApi(<AddDeviceDialog open onClose={() => {}} rooms={rooms} />, () =>
      Response.json(
        {
          device: { id: 'd-9', externalId: 'shellyplugus-a1b2c3', name: 'Kettle', kind: 'smart_plug', roomId: 'r-kitchen', x: null, y: null, ratedPowerW: null, neverSwitch: false },
          credential: {
            token: 'pwk_secret-token',
            mqttPasswordKind: 'token',
            mqttUsername: 'shellyplugus-a1b2c3',
            mqttTopicPrefix: 'peakwise/h1/devices/shellyplugus-a1b2c3',
            httpEndpoint: 'http://192.168.1.10:3000/api/ingest/readings',
            mqttHost: '192.168.1.10',
            mqttPort: 1884,
            mqttTls: false,
            mqttClientId: 'shellyplugus-a1b2c3-h1',
            shellyMqttPrefix: 'peakwise/h1/shelly/shellyplugus-a1b2c3',
            tasmotaFullTopic: 'peakwise/h1/tasmota/%topic%/%prefix%/',
          },
        },
        { status: 201 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a device' });
    await userEvent.type(within(dialog).getByLabelText('Device id'), 'shellyplugus-a1b2c3');
    // The name starts as "Smart plug"; the member changes it.
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Smart plug');
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Kettle');
    await userEvent.selectOptions(within(dialog).getByLabelText('Room'), 'Kitchen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pair device' }));

    const paired = await screen.findByRole('dialog', { name: 'Kettle is paired' });
    expect(within(paired).getByText('pwk_secret-token')).toBeInTheDocument();
    expect(within(paired).getByText('peakwise/h1/shelly/shellyplugus-a1b2c3')).toBeInTheDocument();
    expect(within(paired).getByText('192.168.1.10:1884')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual([
      { url: '/api/devices', body: { externalId: 'shellyplugus-a1b2c3', family: 'shellyPlug', name: 'Kettle', kind: 'smart_plug', roomId: 'r-kitchen' } },
    ]);
  });

  it('pairs with nothing typed: no device id (the server gives one), the name "Smart plug", the family chosen', async () => {
    const { fetchMock } = renderWithApi(<AddDeviceDialog open onClose={() => {}} rooms={rooms} />, () => Response.json({ error: { code: 'validation_failed', message: 'x' } }, { status: 400 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a device' });
    await userEvent.selectOptions(within(dialog).getByLabelText('What are you pairing?'), 'Tasmota plug');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pair device' }));
    await within(dialog).findByText('Check the highlighted details and try again.');
    expect(calls(fetchMock, 'POST')).toEqual([{ url: '/api/devices', body: { family: 'tasmota', name: 'Smart plug', kind: 'smart_plug', roomId: null } }]);
  });

  it('says why a Tasmota id is refused', async () => {
    renderWithApi(<AddDeviceDialog open onClose={() => {}} rooms={rooms} />, () =>
      Response.json({ error: { code: 'device_id_too_long_for_tasmota', message: 'x' } }, { status: 400 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a device' });
    await userEvent.type(within(dialog).getByLabelText('Device id'), 'tasmota-aaaaaaaaaaaaaaaa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pair device' }));
    expect(await within(dialog).findByText(/Topic and Client fields hold at most 32 characters/)).toBeInTheDocument();
  });

  it('says why pairing was refused', async () => {
    renderWithApi(<AddDeviceDialog open onClose={() => {}} rooms={rooms} />, () =>
      Response.json({ error: { code: 'device_exists', message: 'A device with this id is already paired with your home.' } }, { status: 409 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a device' });
    await userEvent.type(within(dialog).getByLabelText('Device id'), 'plug-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pair device' }));
    expect(await within(dialog).findByText('A device with this id is already paired with your home.')).toBeInTheDocument();
  });
});

describe('DeviceSettings', () => {
  const device: DeviceSummary = {
    id: 'd-1',
    name: 'Desk lamp',
    kind: 'lighting',
    roomId: 'r-kitchen',
    room: 'Kitchen',
    x: null,
    y: null,
    status: 'operational',
    powerW: 12,
    efficiencyPct: null,
    active: true,
    relayOn: null,
    neverSwitch: false,
    lastSeenAt: null,
    needsNewPassword: false,
  };

  it('renames and moves a device to another room', async () => {
    const { fetchMock } = renderWithApi(<DeviceSettings device={device} rooms={rooms} onRemoved={() => {}} />, () =>
      Response.json({ id: 'd-1', externalId: 'lamp', name: 'Office lamp', kind: 'lighting', roomId: 'r-office', x: null, y: null, ratedPowerW: null, neverSwitch: false }),
    );
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Office lamp');
    await userEvent.selectOptions(screen.getByLabelText('Room'), 'Office');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeInTheDocument());
    expect(calls(fetchMock, 'PATCH')).toEqual([{ url: '/api/devices/d-1', body: { name: 'Office lamp', roomId: 'r-office' } }]);
  });

  it('removes a device only after confirming', async () => {
    const onRemoved = vi.fn();
    const { fetchMock } = renderWithApi(<DeviceSettings device={device} rooms={rooms} onRemoved={onRemoved} />, () => new Response(null, { status: 204 }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove device' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Desk lamp?' });
    expect(calls(fetchMock, 'DELETE')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledOnce());
    expect(calls(fetchMock, 'DELETE')).toEqual([{ url: '/api/devices/d-1', body: undefined }]);
  });

  it('shows the pairing settings again with a new password, only after confirming', async () => {
    const { fetchMock } = renderWithApi(<DeviceSettings device={device} rooms={rooms} onRemoved={() => {}} />, () =>
      Response.json(
        {
          device: { id: 'd-1', externalId: 'plug-0a1b2c3d4e', name: 'Desk lamp', kind: 'smart_plug', roomId: null, x: null, y: null, ratedPowerW: null, neverSwitch: false },
          credential: {
            token: 'pwi_renewed-token',
            mqttPasswordKind: 'token',
            mqttUsername: 'plug-0a1b2c3d4e',
            mqttTopicPrefix: 'peakwise/h1/devices/plug-0a1b2c3d4e',
            httpEndpoint: 'http://localhost:3000/api/ingest/readings',
            mqttHost: 'localhost',
            mqttPort: 1884,
            mqttTls: false,
            mqttClientId: 'plug-0a1b2c3d4e-h1',
            shellyMqttPrefix: 'peakwise/h1/shelly/plug-0a1b2c3d4e',
            tasmotaFullTopic: 'peakwise/h1/tasmota/%topic%/%prefix%/',
          },
        },
        { status: 201 },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show pairing settings again' }));
    const confirm = await screen.findByRole('dialog', { name: 'New settings for Desk lamp?' });
    expect(within(confirm).getByText(/the old password stops working/)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Get a new password' }));
    const shown = await screen.findByRole('dialog', { name: 'Desk lamp is paired' });
    expect(within(shown).getByText('pwi_renewed-token')).toBeInTheDocument();
    expect(within(shown).getByText('peakwise/h1/shelly/plug-0a1b2c3d4e')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual([{ url: '/api/devices/d-1/credential', body: undefined }]);
  });
});
