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

    await user.type(within(dialog).getByLabelText(/Full name|Name/), 'Marie Tremblay');
    await user.type(within(dialog).getByLabelText(/Street address|Address line 1/), '1 Front St W');
    await user.type(within(dialog).getByLabelText(/City/), 'Toronto');
    await user.selectOptions(within(dialog).getByLabelText(/Province/), 'BC');
    await user.type(within(dialog).getByLabelText(/Postal code/), 'M5V 3L9');
    await user.click(within(dialog).getByRole('button', { name: 'Order my free plug' }));
    // The postal code is Ontario's, the province chosen British Columbia: the contract's own check.
    expect(await within(dialog).findByText('This postal code is not in the province chosen.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/Province/), 'ON');
    await user.click(within(dialog).getByRole('button', { name: 'Order my free plug' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.key).toMatch(/^free-plug-[0-9a-f]{32}$/);
    expect(posted[0]!.body).toEqual({ shippingAddress: { name: 'Marie Tremblay', line1: '1 Front St W', city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } });
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
