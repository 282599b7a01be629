import type { FirstSteps } from '@peakwise/contracts/first-steps.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithApi } from '@/test/energy-test-utils';
import FirstStepsChecklist from './first-steps-checklist';

const noPlug: FirstSteps['freePlug'] = { status: 'available', carrier: null, tracking: null, orderedAt: null, shippedAt: null, deliveredAt: null };
const steps = (freePlug: FirstSteps['freePlug']): FirstSteps => ({
  steps: [
    { id: 'confirmEmail', done: true },
    { id: 'freePlug', done: freePlug.status !== 'available' },
    { id: 'connectData', done: false },
  ],
  dismissed: false,
  freePlug,
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the free-plug first step (decision 090)', () => {
  it('the order form names each field to fix before sending anything, then orders with a key and the address', async () => {
    const posted: { key: string | null; body: unknown }[] = [];
    renderWithApi(<FirstStepsChecklist firstSteps={steps(noPlug)} />, (url, init) => {
      if (url === '/api/dashboard/first-steps/free-plug') {
        posted.push({ key: new Headers(init?.headers).get('idempotency-key'), body: JSON.parse(String(init?.body)) });
        return Response.json(steps({ ...noPlug, status: 'ordered', orderedAt: '2026-02-02T15:00:00.000Z' }), { status: 201 });
      }
      return Response.json({});
    });
    const user = userEvent.setup();
    const step = await screen.findByTestId('first-step-freePlug');
    expect(step).toHaveTextContent('Get your free smart plug');
    await user.click(within(step).getByRole('button', { name: 'Order my free plug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your free smart plug' });

    await user.click(within(dialog).getByRole('button', { name: 'Order my free plug' }));
    expect(await within(dialog).findByText('Check the address: some fields need a fix.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the street address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a province or territory.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Full name|Name/));
    await user.type(within(dialog).getByLabelText(/Full name|Name/), 'Marie Tremblay');
    await user.type(within(dialog).getByLabelText(/Street address|Address line 1/), '1 Front St W');
    await user.type(within(dialog).getByLabelText(/Postal code/), 'M5V 3L9');
    // The postal code decides the province and, here, the city.
    expect(within(dialog).getByLabelText(/Province/)).toHaveValue('ON');
    expect(within(dialog).getByLabelText(/City/)).toHaveValue('Toronto');
    await user.selectOptions(within(dialog).getByLabelText(/Province/), 'BC');
    await user.click(within(dialog).getByRole('button', { name: 'Order my free plug' }));
    // The postal code is Ontario's, the province chosen over it British Columbia: the contract's own check.
    expect(await within(dialog).findByText('This postal code is not in the province chosen.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/Province/), 'ON');
    await user.click(within(dialog).getByRole('button', { name: 'Order my free plug' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.key).toMatch(/^free-plug-[0-9a-f]{32}$/);
    expect(posted[0]!.body).toEqual({ shippingAddress: { name: 'Marie Tremblay', line1: '1 Front St W', city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } });
  });

  it('starts from what Peakwise knows: the member’s name, the home’s postal code with its province and city; a home without one is told it will take this one', async () => {
    const answer = (home: unknown) => (url: string) => (url === '/api/household/home' ? Response.json(home) : Response.json({}));
    const open = async () => {
      const user = userEvent.setup();
      await user.click(within(await screen.findByTestId('first-step-freePlug')).getByRole('button', { name: 'Order my free plug' }));
      return screen.findByRole('dialog', { name: 'Your free smart plug' });
    };
    const placed = renderWithApi(<FirstStepsChecklist firstSteps={steps(noPlug)} />, answer({ postalCode: 'K1A 0B1' }));
    let dialog = await open();
    await vi.waitFor(() => expect(within(dialog).getByLabelText(/Postal code/)).toHaveValue('K1A 0B1'));
    expect(within(dialog).getByLabelText(/Province/)).toHaveValue('ON');
    expect(within(dialog).getByLabelText(/City/)).toHaveValue('Ottawa');
    expect(within(dialog).getByLabelText(/Full name/)).not.toHaveValue('');
    expect(within(dialog).queryByText(/also becomes your home’s/)).not.toBeInTheDocument();
    placed.unmount();

    renderWithApi(<FirstStepsChecklist firstSteps={steps(noPlug)} />, answer({ postalCode: null }));
    dialog = await open();
    expect(await within(dialog).findByText(/This postal code also becomes your home’s/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Postal code/)).toHaveValue('');
  });

  it('a refusal from the server is said in the member’s language (French)', async () => {
    await i18n.changeLanguage('fr');
    renderWithApi(<FirstStepsChecklist firstSteps={steps(noPlug)} />, (url) =>
      url === '/api/dashboard/first-steps/free-plug'
        ? Response.json({ error: { code: 'free_plug_already_ordered', message: 'Your household has already ordered its free smart plug.' } }, { status: 409 })
        : Response.json({}),
    );
    const user = userEvent.setup();
    const step = await screen.findByTestId('first-step-freePlug');
    expect(step).toHaveTextContent('Obtenez votre prise intelligente gratuite');
    await user.click(within(step).getByRole('button', { name: 'Commander ma prise gratuite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Votre prise intelligente gratuite' });
    await user.click(within(dialog).getByRole('button', { name: 'Commander ma prise gratuite' }));
    expect(await within(dialog).findByText('Entrez l’adresse.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vérifiez l’adresse : certains champs sont à corriger.')).toBeInTheDocument();

    const fields = within(dialog).getAllByRole('textbox');
    for (const [i, value] of ['Marie Tremblay', '1 Front St W', '', 'Toronto', 'M5V 3L9'].entries()) if (value) await user.type(fields[i]!, value);
    await user.selectOptions(within(dialog).getByRole('combobox'), 'ON');
    await user.click(within(dialog).getByRole('button', { name: 'Commander ma prise gratuite' }));
    expect(await within(dialog).findByText('Votre foyer a déjà commandé sa prise intelligente gratuite.')).toBeInTheDocument();
  });

  it.each([
    ['en', { ...noPlug, status: 'shipped', carrier: 'Canada Post', tracking: 'CP-123' }, 'Shipped with Canada Post. Tracking number: CP-123'],
    ['fr', { ...noPlug, status: 'shipped', carrier: 'Postes Canada', tracking: 'CP-123' }, 'Expédiée par Postes Canada. Numéro de suivi : CP-123'],
    ['en', { ...noPlug, status: 'ordered' }, 'Ordered. We will email you when it ships.'],
    ['fr', { ...noPlug, status: 'delivered' }, 'Livrée. Profitez bien de votre prise !'],
    ['en', { ...noPlug, status: 'skipped' }, 'Skipped: you already have a plug.'],
  ] as const)('status in %s: %s', async (language, plug, text) => {
    await i18n.changeLanguage(language);
    renderWithApi(<FirstStepsChecklist firstSteps={steps(plug as FirstSteps['freePlug'])} />, () => Response.json({}));
    const step = await screen.findByTestId('first-step-freePlug');
    expect(within(step).getByTestId('free-plug-status')).toHaveTextContent(text);
    expect(step).toHaveAttribute('data-done', 'true');
    expect(within(step).queryByRole('button')).not.toBeInTheDocument();
  });

  it('"I already have a plug" is sent to the server and the step ticks as skipped', async () => {
    let skipped = false;
    renderWithApi(<FirstStepsChecklist firstSteps={steps(noPlug)} />, (url, init) => {
      if (url === '/api/dashboard/first-steps/free-plug/skip' && init?.method === 'POST') {
        skipped = true;
        return Response.json(steps({ ...noPlug, status: 'skipped' }));
      }
      return Response.json({});
    });
    await userEvent.click(await screen.findByRole('button', { name: 'I already have a plug' }));
    await vi.waitFor(() => expect(skipped).toBe(true));
  });
});

describe('connecting the ordered plug (decision 094)', () => {
  it('shows “Connect your plug” once the plug is ordered; one click pairs it with nothing asked and shows the Shelly plug’s fields', async () => {
    const posted: unknown[] = [];
    const paired = {
      device: { id: 'd-1', externalId: 'plug-0a1b2c3d4e', name: 'Smart plug', kind: 'smart_plug', roomId: null, x: null, y: null, ratedPowerW: null, neverSwitch: false },
      credential: {
        token: 'pwi_secret',
        mqttPasswordKind: 'token',
        mqttUsername: 'plug-0a1b2c3d4e',
        mqttTopicPrefix: 'peakwise/h1/devices/plug-0a1b2c3d4e',
        httpEndpoint: 'http://localhost:3000/api/ingest/readings',
        mqttHost: 'localhost',
        mqttPort: 1883,
        mqttTls: false,
        mqttClientId: 'plug-0a1b2c3d4e-h1',
        shellyMqttPrefix: 'peakwise/h1/shelly/plug-0a1b2c3d4e',
        tasmotaFullTopic: 'peakwise/h1/tasmota/%topic%/%prefix%/',
      },
    };
    const { unmount } = renderWithApi(<FirstStepsChecklist firstSteps={steps(noPlug)} />, () => Response.json({}));
    expect(await screen.findByTestId('first-step-connectData')).toHaveTextContent('Connect a device or import your utility file');
    expect(screen.queryByRole('button', { name: 'Connect your plug' })).not.toBeInTheDocument();
    unmount();

    renderWithApi(<FirstStepsChecklist firstSteps={steps({ ...noPlug, status: 'shipped', tracking: '1Z' })} />, (url, init) => {
      if (url === '/api/devices' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return Response.json(paired, { status: 201 });
      }
      return Response.json({});
    });
    const step = await screen.findByTestId('first-step-connectData');
    expect(step).toHaveTextContent('Connect your plug');
    await userEvent.click(within(step).getByRole('button', { name: 'Connect your plug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Smart plug is paired' });
    expect(posted).toEqual([{ name: 'Smart plug', kind: 'smart_plug', family: 'shellyPlug' }]);
    expect(within(dialog).getByRole('radio', { name: /Shelly Gen2\/Gen3 plug/ })).toBeChecked();
    expect(within(dialog).getByText('peakwise/h1/shelly/plug-0a1b2c3d4e')).toBeInTheDocument();
  });
});
