import type { PairedDevice } from '@peakwise/contracts/device-management.contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/energy-test-utils';
import { FIRST_MESSAGE_WAIT_MS, PairingSteps, type DeviceEventSource } from './pairing-steps';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const paired: PairedDevice = {
  device: { id: 'd-9', externalId: 'shellyplugus-a1b2c3', name: 'Kettle', kind: 'smart_plug', roomId: null, x: null, y: null, ratedPowerW: null, neverSwitch: false },
  credential: {
    token: 'pwi_secret-token',
    mqttPasswordKind: 'token',
    mqttUsername: 'shellyplugus-a1b2c3',
    mqttTopicPrefix: 'peakwise/h1/devices/shellyplugus-a1b2c3',
    httpEndpoint: 'https://app.peakwise.example/api/ingest/readings',
    mqttHost: 'mqtt.peakwise.example',
    mqttPort: 8883,
    mqttTls: true,
    mqttClientId: 'shellyplugus-a1b2c3-h1',
    shellyMqttPrefix: 'peakwise/h1/shelly/shellyplugus-a1b2c3',
    tasmotaFullTopic: 'peakwise/h1/tasmota/%topic%/%prefix%/',
  },
};

/** A stand-in for the /api/live stream: `emit` delivers an `event: device` frame. */
function fakeStream() {
  const listeners: ((event: MessageEvent<string>) => void)[] = [];
  const source: DeviceEventSource & { closed: boolean } = {
    closed: false,
    addEventListener: (_type, listener) => listeners.push(listener),
    close: () => {
      source.closed = true;
    },
  };
  const open = vi.fn(() => source);
  const emit = (data: unknown) => act(() => listeners.forEach((l) => l(new MessageEvent('device', { data: JSON.stringify(data) }))));
  return { open, source, emit };
}

const labelsOf = (root: HTMLElement) => within(root).getAllByRole('term').map((dt) => dt.textContent);

describe('PairingSteps', () => {
  it('shows a Shelly plug exactly the fields of its Settings → MQTT screen, and other families their own', async () => {
    const stream = fakeStream();
    const { container } = renderWithApi(<PairingSteps paired={paired} openStream={stream.open} />, () => Response.json({}));
    expect(await screen.findByRole('radio', { name: /Shelly Gen2\/Gen3 plug/ })).toBeChecked();
    expect(labelsOf(container)).toEqual(['Server', 'Client ID', 'User', 'Password', 'MQTT prefix']);
    expect(screen.getByText('mqtt.peakwise.example:8883')).toBeInTheDocument();
    expect(screen.getByText(/“RPC status notifications over MQTT” and “Generic status update over MQTT”/)).toBeInTheDocument();
    // TLS on that port: the step to turn it on is there.
    expect(screen.getByText(/secure \(TLS\) connection/)).toBeInTheDocument();

    // Tasmota: the fields of its Configuration → Configure MQTT screen, Topic = the paired id.
    await userEvent.click(screen.getByRole('radio', { name: 'Tasmota plug' }));
    expect(screen.queryByText(/cannot read this device’s own MQTT messages yet/)).not.toBeInTheDocument();
    expect(labelsOf(container)).toEqual(['Host', 'Port', 'Client', 'User', 'Password', 'Topic', 'Full Topic']);
    expect(screen.getByText('peakwise/h1/tasmota/%topic%/%prefix%/')).toBeInTheDocument();
    expect(screen.getByText(/Configuration → Configure Other, tick MQTT Enable/)).toBeInTheDocument();
    expect(screen.getByText(/only a Tasmota build with TLS/)).toBeInTheDocument();

    // The Pro 3EM: the Gen2 Settings → MQTT fields, with generic status updates (em:0, emdata:0) on.
    await userEvent.click(screen.getByRole('radio', { name: 'Shelly Pro 3EM (whole home)' }));
    expect(labelsOf(container)).toEqual(['Server', 'Client ID', 'User', 'Password', 'MQTT prefix']);
    expect(screen.getByText('peakwise/h1/shelly/shellyplugus-a1b2c3')).toBeInTheDocument();
    expect(screen.getByText(/Switch on “Generic status update over MQTT”: the meter/)).toBeInTheDocument();
    expect(screen.getByText(/first-generation Shelly EM/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Other device or gateway' }));
    expect(labelsOf(container)).toEqual(['MQTT server', 'Port', 'MQTT client id', 'Username', 'Password (token)', 'Topic prefix', 'HTTP address']);
    expect(screen.getByText('https://app.peakwise.example/api/ingest/readings')).toBeInTheDocument();
    expect(screen.getByText('peakwise/h1/devices/shellyplugus-a1b2c3')).toBeInTheDocument();
  });

  it('copies each exact value with its own button, from the keyboard too, and announces it', async () => {
    const writeText = vi.fn((_value: string) => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApi(<PairingSteps paired={paired} openStream={fakeStream().open} />, () => Response.json({}));

    await userEvent.click(await screen.findByRole('button', { name: 'Copy Server' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Client ID' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy User' }));
    screen.getByRole('button', { name: 'Copy Password' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Copy MQTT prefix' }));
    expect(writeText.mock.calls.map(([value]) => value)).toEqual([
      'mqtt.peakwise.example:8883',
      'shellyplugus-a1b2c3-h1',
      'shellyplugus-a1b2c3',
      'pwi_secret-token',
      'peakwise/h1/shelly/shellyplugus-a1b2c3',
    ]);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('gives the MQTT password instead of the token when the broker’s login is a JWT Peakwise minted', async () => {
    const writeText = vi.fn((_value: string) => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const jwt = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.eyJzdWIiOiJVMSJ9.c2ln';
    renderWithApi(<PairingSteps paired={{ ...paired, credential: { ...paired.credential, mqttPassword: jwt, mqttPasswordKind: 'jwt' } }} openStream={fakeStream().open} />, () => Response.json({}));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy Password' }));
    expect(writeText.mock.calls.map(([value]) => value)).toEqual([jwt]);
    await userEvent.click(screen.getByRole('radio', { name: 'Tasmota plug' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Password' }));
    expect(writeText.mock.calls.map(([value]) => value)).toEqual([jwt, jwt]);
  });

  it('names a NATS JWT as such, keeps its 2,761 characters in a scrolling box, the HTTP token beside it, and out of the QR code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn((_value: string) => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    // As long as a device's JWT in decision 132; with the other fields no QR code could hold it.
    const jwt = `eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.${'a'.repeat(2_761 - 46 - 2 - 86)}.${'s'.repeat(86)}`;
    expect(jwt).toHaveLength(2_761);
    const withJwt: PairedDevice = { ...paired, credential: { ...paired.credential, mqttPassword: jwt, mqttPasswordKind: 'jwt' } };
    const { container } = renderWithApi(<PairingSteps paired={withJwt} initialFamily="other" openStream={fakeStream().open} />, () => Response.json({}));

    expect(await screen.findByRole('img', { name: 'QR code with the same settings, for a phone' })).toBeInTheDocument();
    expect(screen.getByText('The password is too long for a QR code: copy it from the list.')).toBeInTheDocument();
    expect(labelsOf(container)).toEqual(['MQTT server', 'Port', 'MQTT client id', 'Username', 'MQTT password (JWT)', 'Topic prefix', 'HTTP address', 'HTTP bearer token']);
    expect(screen.getByText(/Over MQTT it logs in with the JWT as its password/)).toBeInTheDocument();
    const hint = 'This password is a NATS login (a JWT) of 2,761 characters, not a short password: copy it with the button and paste all of it into the password field. A device that keeps only part of it cannot log in.';
    const copyJwt = screen.getByRole('button', { name: 'Copy MQTT password (JWT)' });
    expect(copyJwt).toHaveAccessibleDescription(hint);
    // The long value scrolls in its box and can be reached from the keyboard; short ones stay plain.
    const box = screen.getByRole('region', { name: 'MQTT password (JWT)' });
    expect(box).toHaveTextContent(jwt);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box.className).toMatch(/max-h-24 overflow-y-auto/);
    expect(screen.getAllByRole('region')).toHaveLength(1);

    await userEvent.click(copyJwt);
    await userEvent.click(screen.getByRole('button', { name: 'Copy HTTP bearer token' }));
    expect(writeText.mock.calls.map(([value]) => value)).toEqual([jwt, 'pwi_secret-token']);

    // A Shelly's own screen still calls the field Password; the hint says what goes in it.
    await userEvent.click(screen.getByRole('radio', { name: /Shelly Gen2\/Gen3 plug/ }));
    expect(labelsOf(container)).toEqual(['Server', 'Client ID', 'User', 'Password', 'MQTT prefix']);
    expect(screen.getByRole('button', { name: 'Copy Password' })).toHaveAccessibleDescription(hint);

    act(() => vi.advanceTimersByTime(FIRST_MESSAGE_WAIT_MS));
    expect(await screen.findByText('the user and password (the password is the whole JWT, 2,761 characters starting with eyJ)')).toBeInTheDocument();
    expect(screen.queryByText(/starting with pwi_/)).not.toBeInTheDocument();
  });

  it('keeps the token’s wording and no hint when the password is the token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApi(<PairingSteps paired={paired} initialFamily="other" openStream={fakeStream().open} />, () => Response.json({}));
    expect(await screen.findByRole('button', { name: 'Copy Password (token)' })).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('button', { name: /HTTP bearer token/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/too long for a QR code/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(FIRST_MESSAGE_WAIT_MS));
    expect(await screen.findByText('the user and password (the password is the whole token, starting with pwi_)')).toBeInTheDocument();
  });

  it('turns to “Connected: 62 W now” on this device’s first message, and ignores another device’s', async () => {
    const stream = fakeStream();
    renderWithApi(<PairingSteps paired={paired} openStream={stream.open} />, () => Response.json({}));
    expect(await screen.findByText('Waiting for the first message from Kettle…')).toBeInTheDocument();
    stream.emit({ householdId: 'h1', deviceId: 'd-other', ts: '2026-01-15T17:00:00.000Z', powerW: 1500 });
    expect(screen.queryByText(/Connected/)).not.toBeInTheDocument();
    stream.emit({ householdId: 'h1', deviceId: 'd-9', ts: '2026-01-15T17:00:01.000Z', powerW: 62 });
    expect(screen.getByText('Connected: 62 W now')).toBeInTheDocument();
    expect(stream.source.closed).toBe(true);
  });

  it('lists what to check after 30 seconds without a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = fakeStream();
    renderWithApi(<PairingSteps paired={paired} openStream={stream.open} />, () => Response.json({}));
    expect(await screen.findByText('Waiting for the first message from Kettle…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(FIRST_MESSAGE_WAIT_MS - 1_000));
    expect(screen.queryByText(/Nothing received yet/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('Nothing received yet after 30 seconds. Check:')).toBeInTheDocument();
    expect(screen.getByText('the server and port: mqtt.peakwise.example:8883')).toBeInTheDocument();
    expect(screen.getByText(/“RPC status notifications over MQTT” and “Generic status update over MQTT” are both on/)).toBeInTheDocument();
    expect(screen.queryByTestId('pairing-refusal')).not.toBeInTheDocument();
  });

  it('says, once the wait is over, why the broker refused the plug, in plain words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked: string[] = [];
    renderWithApi(<PairingSteps paired={paired} openStream={fakeStream().open} />, (url) => {
      asked.push(url);
      return Response.json({ lastSeenAt: null, refusal: { reason: 'vendor_default_topic', topic: 'shellyplugus-a1b2c3/status/switch:0', at: '2026-01-15T17:00:00.000Z' } });
    });
    await screen.findByText('Waiting for the first message from Kettle…');
    // Nothing is asked while the screen still waits.
    expect(asked.filter((u) => u.includes('/connection'))).toEqual([]);
    act(() => vi.advanceTimersByTime(FIRST_MESSAGE_WAIT_MS));
    const said = await screen.findByTestId('pairing-refusal');
    expect(said.textContent).toMatch(/^The device connected but sent on its own default topic \(shellyplugus-a1b2c3\/status\/switch:0\) at .+: Peakwise does not read it\./);
    expect(asked).toContain('/api/devices/d-9/connection');
  });

  it('puts the same fields as the list in a QR code with an accessible name, for the family chosen', async () => {
    renderWithApi(<PairingSteps paired={paired} initialFamily="tasmota" openStream={fakeStream().open} />, () => Response.json({}));
    expect(screen.getByRole('radio', { name: 'Tasmota plug' })).toBeChecked();
    const qr = await screen.findByRole('img', { name: 'QR code with the same settings, for a phone' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('links to the Dashboard once connected, and lets the dialog close', async () => {
    const stream = fakeStream();
    const onLeave = vi.fn();
    renderWithApi(<PairingSteps paired={paired} onLeave={onLeave} openStream={stream.open} />, () => Response.json({}));
    await screen.findByText('Waiting for the first message from Kettle…');
    expect(screen.queryByRole('link', { name: 'See it on your Dashboard' })).not.toBeInTheDocument();
    stream.emit({ householdId: 'h1', deviceId: 'd-9', ts: '2026-01-15T17:00:01.000Z', powerW: 62 });
    const link = screen.getByRole('link', { name: 'See it on your Dashboard' });
    expect(link).toHaveAttribute('href', '/app/dashboard');
    await userEvent.click(link);
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('shows a first-generation Shelly EM its own settings screen’s fields, asks for its clamps, saves the answer and shows both legs’ watts', async () => {
    const stream = fakeStream();
    const meter: PairedDevice = { ...paired, device: { ...paired.device, kind: 'power', meterClamps: 2 } };
    const { container, fetchMock } = renderWithApi(<PairingSteps paired={meter} initialFamily="shellyEmGen1" openStream={stream.open} />, (_url, init) =>
      Response.json({ ...meter.device, meterClamps: JSON.parse(String(init?.body ?? '{}')).meterClamps ?? 2 }),
    );
    expect(await screen.findByRole('radio', { name: 'Shelly EM, first generation (whole home)' })).toBeChecked();
    expect(labelsOf(container)).toEqual(['Server', 'Username', 'Password', 'Use custom MQTT prefix']);
    // The MQTT id to enter is the client id shown: it names the meter and the home.
    expect(screen.getByText('shellyplugus-a1b2c3-h1')).toBeInTheDocument();
    expect(screen.getByText(/Internet & Security → Advanced - Developer Settings/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Two clamps/ })).toBeChecked();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'One clamp' }));
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([url, init]) => [String(url), JSON.parse(String(init?.body))])).toEqual([['/api/devices/d-9', { meterClamps: 1 }]]);
    expect(screen.getByRole('radio', { name: 'One clamp' })).toBeChecked();

    stream.emit({ householdId: 'h1', deviceId: 'd-9', ts: '2026-01-15T17:00:01.000Z', powerW: 1479.75 });
    expect(screen.getByText('Connected: 1480 W now')).toBeInTheDocument();
  });

  it('saves two clamps for a device switched to the first-generation steps after pairing as something else', async () => {
    const stream = fakeStream();
    const { fetchMock } = renderWithApi(<PairingSteps paired={paired} openStream={stream.open} />, () => Response.json({ ...paired.device, meterClamps: 2 }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Shelly EM, first generation (whole home)' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ meterClamps: 2 }]));
    expect(screen.getByRole('radio', { name: /Two clamps/ })).toBeChecked();
  });
});
