import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { programTerms } from '@/test/program-fixture';
import { ScheduleEventForm } from './schedule-event-form';

const programs: OpsProgram[] = [
  { ...programTerms, id: '11111111-1111-4111-8111-111111111111', name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 120, defaultTargetPercent: 15, rewardPoints: 120, targetPercent: 15, reach: 42 },
  { ...programTerms, id: '22222222-2222-4222-8222-222222222222', name: 'Prairie Peak', provinces: ['SK'], fsas: null, holdoutPercent: 12, defaultRewardPoints: 80, defaultTargetPercent: 10, rewardPoints: 80, targetPercent: 10, reach: 1 },
];

type Call = { url: string; method: string; body: unknown };

function renderForm(answer: (call: Call) => Response = () => Response.json({ id: 'new' }, { status: 201 }), now = new Date('2027-01-10T12:00:00Z')) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (url.includes('/api/auth/get-session')) return Response.json({ user: { id: 'op', name: 'Olivia Operator', email: 'op@example.ca' }, session: {} });
      if (url.endsWith('/reach')) return Response.json({ households: url.includes('1111') ? 43 : 1 });
      return answer(call);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ScheduleEventForm programs={programs} now={() => now} />
    </QueryClientProvider>,
  );
  return calls;
}

const user = () => userEvent.setup();
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ScheduleEventForm', () => {
  it('shows each program’s reach, and the chosen one’s fresh count, and fills in its zone and terms', async () => {
    renderForm();
    const select = screen.getByLabelText('Program');
    expect(screen.getByRole('option', { name: 'Ontario Peak Saver (ON) — reaches 42 households' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Prairie Peak (SK) — reaches 1 household' })).toBeInTheDocument();

    await user().selectOptions(select, programs[0]!.id);
    expect(await screen.findByText('This event would reach 43 households today.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reward (points)')).toHaveValue(120);
    expect(screen.getByLabelText('Target (% below baseline)')).toHaveValue(15);
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Toronto');

    await user().selectOptions(select, programs[1]!.id);
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Regina');
    expect(screen.getByLabelText('Reward (points)')).toHaveValue(80);
  });

  it('names every problem before sending anything, and focuses the first', async () => {
    const calls = renderForm();
    await user().click(screen.getByRole('button', { name: 'Schedule event' }));
    expect(screen.getByText('Choose a program.')).toBeInTheDocument();
    expect(screen.getByText('Enter the date of the event.')).toBeInTheDocument();
    expect(screen.getByText('Enter the start time.')).toBeInTheDocument();
    expect(screen.getByText('Enter the end time.')).toBeInTheDocument();
    expect(screen.getByText('The reward must be at least 1 point.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Program')).toHaveFocus());
    expect(screen.getByLabelText('Program')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('mirrors the server’s window checks: future start, end after start, at most 4 hours', async () => {
    renderForm();
    await user().selectOptions(screen.getByLabelText('Program'), programs[0]!.id);
    fill('Date', '2027-01-09');
    fill('Start time', '18:00');
    fill('End time', '17:00');
    await user().click(screen.getByRole('button', { name: 'Schedule event' }));
    expect(screen.getByText('The event must start in the future.')).toBeInTheDocument();
    expect(screen.getByText('The event must end after it starts.')).toBeInTheDocument();

    fill('Date', '2027-01-20');
    fill('End time', '22:30');
    fill('Reward (points)', '0');
    await user().click(screen.getByRole('button', { name: 'Schedule event' }));
    expect(screen.getByText('An event lasts at most 4 hours.')).toBeInTheDocument();
    expect(screen.getByText('The reward must be at least 1 point.')).toBeInTheDocument();
    expect(screen.queryByText('The event must start in the future.')).not.toBeInTheDocument();
  });

  it('sends the wall-clock window as instants: 18:00–20:00 Eastern on a January day is 23:00Z–01:00Z', async () => {
    const calls = renderForm();
    await user().selectOptions(screen.getByLabelText('Program'), programs[0]!.id);
    fill('Date', '2027-01-20');
    fill('Start time', '18:00');
    fill('End time', '20:00');
    fill('Reward (points)', '150');
    await user().click(screen.getByRole('button', { name: 'Schedule event' }));
    expect(await screen.findByText('The event was scheduled.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/ops/events',
      method: 'POST',
      body: { programId: programs[0]!.id, startsAt: '2027-01-20T23:00:00.000Z', endsAt: '2027-01-21T01:00:00.000Z', rewardPoints: 150, targetPercent: 15, holdoutPercent: 5 },
    });
    // Ready for the next one: the window is cleared, the program and terms stay.
    expect(screen.getByLabelText('Date')).toHaveValue('');
    expect(screen.getByLabelText('Program')).toHaveValue(programs[0]!.id);
  });

  it('holds out the program’s share unless told otherwise, and only a whole 0–50 % (decision 100)', async () => {
    const calls = renderForm();
    const HOLDOUT = 'Held out (% of households not called)';
    expect(screen.getByLabelText(HOLDOUT)).toHaveValue(5);
    // Each program's own share: Prairie Peak holds out 12 %.
    await user().selectOptions(screen.getByLabelText('Program'), programs[1]!.id);
    expect(screen.getByLabelText(HOLDOUT)).toHaveValue(12);
    await user().selectOptions(screen.getByLabelText('Program'), programs[0]!.id);
    expect(screen.getByLabelText(HOLDOUT)).toHaveValue(5);
    fill('Date', '2027-01-20');
    fill('Start time', '18:00');
    fill('End time', '19:00');
    for (const bad of ['51', '2.5']) {
      fill(HOLDOUT, bad);
      await user().click(screen.getByRole('button', { name: 'Schedule event' }));
      expect(screen.getByText('The hold-out must be a whole percentage from 0% to 50%.')).toBeInTheDocument();
      expect(screen.getByLabelText(HOLDOUT)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fill(HOLDOUT, '0');
    await user().click(screen.getByRole('button', { name: 'Schedule event' }));
    await screen.findByText('The event was scheduled.');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ holdoutPercent: 0 });
  });

  it('uses the chosen zone: 18:00 Newfoundland time is 21:30Z in January', async () => {
    const calls = renderForm();
    await user().selectOptions(screen.getByLabelText('Program'), programs[0]!.id);
    await user().selectOptions(screen.getByLabelText('Time zone'), 'America/St_Johns');
    fill('Date', '2027-01-20');
    fill('Start time', '18:00');
    fill('End time', '19:00');
    await user().click(screen.getByRole('button', { name: 'Schedule event' }));
    await screen.findByText('The event was scheduled.');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ startsAt: '2027-01-20T21:30:00.000Z', endsAt: '2027-01-20T22:30:00.000Z' });
  });

  it('shows the server’s reasons when it refuses, translated when it can', async () => {
    const refusal = () =>
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'The request is not valid',
            details: [
              { path: 'rewardPoints', message: 'The reward must be at least 1 point.' },
              { path: 'startsAt', message: 'Some other reason.' },
            ],
          },
        },
        { status: 400 },
      );
    renderForm(refusal);
    await i18n.changeLanguage('fr');
    await user().selectOptions(screen.getByLabelText('Programme'), programs[0]!.id);
    fill('Date', '2027-01-20');
    fill('Heure de début', '18:00');
    fill('Heure de fin', '20:00');
    await user().click(screen.getByRole('button', { name: 'Planifier l’événement' }));
    expect(await screen.findByText('L’événement n’a pas été enregistré :')).toBeInTheDocument();
    expect(screen.getByText('La récompense doit être d’au moins 1 point.')).toBeInTheDocument();
    expect(screen.getByText('Some other reason.')).toBeInTheDocument();
  });

  it('shows a refusal that has no details by its message', async () => {
    renderForm(() => Response.json({ error: { code: 'start_in_past', message: 'The event must start in the future.' } }, { status: 400 }));
    await user().selectOptions(screen.getByLabelText('Program'), programs[0]!.id);
    fill('Date', '2027-01-20');
    fill('Start time', '18:00');
    fill('End time', '20:00');
    await user().click(screen.getByRole('button', { name: 'Schedule event' }));
    expect(await screen.findByText('The event must start in the future.')).toBeInTheDocument();
  });
});
