import type { FirstSteps } from '@peakwise/contracts/first-steps.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/energy-test-utils';
import FirstStepsChecklist from './first-steps-checklist';

const firstSteps = (connected: boolean): FirstSteps => ({
  steps: [
    { id: 'freePlug', done: true },
    { id: 'connectData', done: connected },
  ],
  dismissed: false,
  freePlug: { status: 'skipped', carrier: null, tracking: null, orderedAt: null, shippedAt: null, deliveredAt: null },
});

const homeIn = (province: string) => (url: string) =>
  url === '/api/household/home' ? Response.json({ postalCode: 'V6B 1A1', city: 'Vancouver', province, timeZone: 'America/Vancouver', tariffPlanId: null }) : Response.json({});

describe('the import step says where the member’s utility keeps its Green Button file (issue 30)', () => {
  it('is folded under the step, opens, and starts a British Columbia home on BC Hydro', async () => {
    renderWithApi(<FirstStepsChecklist firstSteps={firstSteps(false)} />, homeIn('BC'));
    const step = await screen.findByTestId('first-step-connectData');
    const summary = within(step).getByText('Where to find your Green Button file');
    // Folded away, and not fetched until the member opens it (decision 120).
    expect(within(step).queryByText(/Sign in to MyHydro/)).not.toBeInTheDocument();

    // jsdom does not open a <details> from the keyboard; the browser journey does (green-button.e2e.ts).
    await userEvent.click(summary);
    expect(await within(step).findByText(/Sign in to MyHydro/)).toBeVisible();
    expect(within(step).getByLabelText('Your utility')).toHaveValue('bcHydro');
    expect(within(step).getByText('Up to three years back, up to yesterday.')).toBeVisible();
  });

  it('is gone once the step is done', async () => {
    renderWithApi(<FirstStepsChecklist firstSteps={firstSteps(true)} />, homeIn('BC'));
    const step = await screen.findByTestId('first-step-connectData');
    expect(within(step).queryByText('Where to find your Green Button file')).not.toBeInTheDocument();
  });
});
