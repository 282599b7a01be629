import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventOptIn } from './event-opt-in';

const event = (patch: Partial<MemberEvent>): MemberEvent => ({
  id: 'e1',
  programName: 'Ontario Peak Saver',
  startsAt: '2025-11-24T23:00:00.000Z',
  endsAt: '2025-11-25T00:00:00.000Z',
  timeZone: 'America/Toronto',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'scheduled',
  optedIn: true,
  canChange: true,
  ...patch,
});
const renderOptIn = (e: MemberEvent) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EventOptIn event={e} queryKey={['x']} />
    </QueryClientProvider>,
  );

describe('EventOptIn and "every event"', () => {
  it('says the member was opted in automatically, and still offers opting out', () => {
    renderOptIn(event({ optedInAutomatically: true }));
    expect(screen.getByTestId('auto-opt-in')).toHaveTextContent('You’re opted in automatically · You chose to take part in every event.');
    expect(screen.getByRole('button', { name: 'Opt out' })).toBeEnabled();
  });

  it('says it after the start too', () => {
    renderOptIn(event({ optedInAutomatically: true, canChange: false, status: 'active' }));
    expect(screen.getByTestId('auto-opt-in')).toHaveTextContent('You’re opted in automatically');
  });

  it('says nothing of it for a choice made by hand', () => {
    renderOptIn(event({ optedInAutomatically: false }));
    expect(screen.queryByTestId('auto-opt-in')).toBeNull();
  });
});
