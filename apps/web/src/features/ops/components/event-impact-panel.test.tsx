import type { OpsEventImpact } from '@peakwise/contracts/event-holdout.contract';
import type { OpsEvent } from '@peakwise/contracts/events.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain } from '@/test/energy-test-utils';
import { EventImpactPanel } from './event-impact-panel';

const settled: OpsEvent = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  programId: '11111111-1111-4111-8111-111111111111',
  programName: 'Ontario Peak Saver',
  startsAt: '2026-11-18T23:00:00.000Z',
  endsAt: '2026-11-19T00:00:00.000Z',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'settled',
  reach: 25,
  optedIn: 2,
  holdoutPercent: 16,
  heldOut: 4,
  settled: { households: 2, pointsAwarded: 300, reductionKwh: 2.4, insufficientData: 0 },
};

// The API test's hand-computed example (event-holdout.routes.test.ts).
const measured: OpsEventImpact = {
  eventId: settled.id,
  status: 'measured',
  holdoutPercent: 16,
  seed: '0123456789abcdef0123456789abcdef',
  calledHouseholds: 21,
  heldOutHouseholds: 4,
  calledMeasured: 18,
  heldOutMeasured: 4,
  calledMeanKwh: 1.44,
  heldOutMeanKwh: 2.1,
  perHousehold: { differenceKwh: -0.66, low: -1.8538, high: 0.5338, degreesOfFreedom: 3.37 },
  total: { savedKwh: 13.86, low: -11.21, high: 38.93 },
  baseline: { households: 2, savedKwh: 2.4 },
  baselineBiasKwh: -11.46,
  baselineBiasPercent: -82.68,
  confidence: 0.95,
};

function renderPanel(impact: OpsEventImpact) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/api/auth/get-session')) return Response.json({ user: { id: 'op', name: 'Olivia', email: 'op@example.ca' }, session: {} });
      if (url === `/api/ops/events/${settled.id}/impact`) return Response.json(impact);
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EventImpactPanel events={[settled]} zoneOf={() => 'America/Toronto'} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('EventImpactPanel', () => {
  it('shows the measured saving with its interval beside the baselines’ and the bias', async () => {
    renderPanel(measured);
    expect(await screen.findByText('Saving measured (95% interval)')).toBeInTheDocument();
    const text = plain(document.body.textContent);
    expect(text).toContain('13.86 kWh (-11.21 kWh to 38.93 kWh)');
    expect(text).toContain('2.40 kWh over 2 households');
    expect(text).toContain('-11.46 kWh (-82.7%)');
    expect(text).toContain('-0.66 kWh (-1.85 kWh to 0.53 kWh)');
    expect(text).toContain('21 households called (18 with complete readings, 1.44 kWh each on average); 4 households held out (4 complete, 2.10 kWh each).');
    expect(text).toContain('seed 0123456789abcdef0123456789abcdef');
    expect(screen.getByRole('heading', { name: 'Measured impact' })).toBeInTheDocument();
    expect(screen.getByLabelText('Settled event')).toHaveValue(settled.id);
  });

  it('says why there is no measure when nobody was held out, and still gives the baselines’ figure', async () => {
    renderPanel({ ...measured, status: 'no_holdout', heldOutHouseholds: 0, heldOutMeasured: 0, heldOutMeanKwh: null, perHousehold: null, total: null, baselineBiasKwh: null, baselineBiasPercent: null });
    expect(await screen.findByText('No household was held out of this event, so its impact cannot be measured against one.')).toBeInTheDocument();
    expect(plain(document.body.textContent)).toContain('2.40 kWh over 2 households');
  });

  it('speaks French and Spanish', async () => {
    await i18n.changeLanguage('fr');
    renderPanel(measured);
    expect(await screen.findByText('Économie mesurée (intervalle à 95 %)')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Ahorro medido (intervalo del 95 %)')).toBeInTheDocument();
  });
});
