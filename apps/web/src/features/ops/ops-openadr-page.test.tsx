import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import type { OpsOpenAdrVtn } from '@peakwise/contracts/openadr.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { programTerms } from '@/test/program-fixture';
import OpsOpenAdrPage from './ops-openadr-page';

afterEach(() => vi.unstubAllGlobals());

const ontario: OpsProgram = { ...programTerms, id: '11111111-1111-4111-8111-111111111111', name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, rewardPoints: 100, targetPercent: 10, reach: 42 };

const vtn: OpsOpenAdrVtn = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  name: 'default',
  url: 'https://vtn.example.ca/openadr3/3.1.1',
  version: '3.1.1',
  venName: 'peakwise',
  venId: 'ven-7',
  lastTokenAt: '2026-10-14T21:00:00.000Z',
  lastPollAt: '2026-10-14T21:05:00.000Z',
  lastError: 'GET /events answered 500',
  lastErrorAt: '2026-10-14T20:00:00.000Z',
  failures: 0,
  retryAfter: null,
  subscriptionStatus: 'failed',
  subscriptionError: 'POST /subscriptions answered 400',
  subscriptionCheckedAt: '2026-10-14T21:05:00.000Z',
  reportError: null,
  reportErrorAt: null,
  mqttStatus: 'down',
  mqttBroker: 'mqtts://broker.vtn.example.ca',
  mqttTopics: ['programs/create', 'programs/program-1/events/+'],
  mqttError: 'The broker closed the connection',
  mqttChangedAt: '2026-10-14T21:06:00.000Z',
  mqttMessageAt: null,
  programs: [
    { vtnProgramId: 'program-1', vtnProgramName: 'Utility summer DR', programId: null },
    { vtnProgramId: 'program-2', vtnProgramName: 'Utility winter DR', programId: ontario.id },
  ],
  events: [{ vtnEventId: 'event-9', vtnProgramId: 'program-1', status: 'refused', reason: 'unmapped_program', detail: 'VTN program program-1 feeds no Peakwise program', eventId: null, firstSeenAt: '2026-10-14T21:05:00.000Z', updatedAt: '2026-10-14T21:05:00.000Z' }],
  reports: [{ vtnEventId: 'event-3', eventId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', vtnReportId: 'report-1', stage: 'final', settlementVersion: 1, intervals: 12, baselineKwh: 25.5, actualKwh: 20.25, sentAt: '2026-10-15T23:05:00.000Z' }],
};

describe('OpenADR in the console', () => {
  it('shows the connection, the events and the reports, and maps a VTN program with the keyboard', async () => {
    const puts: { url: string; body: unknown }[] = [];
    renderWithApi(<OpsOpenAdrPage />, (url, init) => {
      if (init?.method === 'PUT') {
        puts.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 204 });
      }
      if (url === '/api/ops/openadr') return Response.json([vtn]);
      if (url === '/api/ops/programs') return Response.json([ontario]);
      return Response.json([]);
    });
    const section = await screen.findByRole('region', { name: `VTN default — ${vtn.url}` }, { timeout: 5000 });
    const text = plain(section.textContent);
    expect(text).toContain('Refused by the VTN (polling goes on) — POST /subscriptions answered 400');
    expect(text).toContain('GET /events answered 500');
    expect(text).toContain('Broker unreachable, retrying (mqtts://broker.vtn.example.ca) — The broker closed the connection');
    expect(text).toContain('programs/create, programs/program-1/events/+');
    // The webhook row says why none is asked for, instead of "polling only".
    expect(text).toContain('Webhook notifications');
    expect(text).toContain('Its VTN program feeds no Peakwise program');

    const reports = within(section).getByRole('table', { name: 'Reports sent' });
    const row = within(reports).getAllByRole('row')[1]!;
    expect(plain(row.textContent)).toContain('Final');
    expect(plain(row.textContent)).toContain('25.50 kWh');
    expect(plain(row.textContent)).toContain('20.25 kWh');

    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Peakwise program fed by Utility summer DR' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['None (its events are not taken)', 'Ontario Peak Saver']));
    select.focus();
    await user.selectOptions(select, ontario.id);
    const save = screen.getByRole('button', { name: 'Save the program for Utility summer DR' });
    await user.tab();
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(puts).toEqual([{ url: `/api/ops/openadr/${vtn.id}/programs/program-1`, body: { programId: ontario.id } }]));
    expect(await screen.findByText('Saved. Its waiting events are taken up at the next poll.')).toBeInTheDocument();
    // The mapped program offers no save until it is changed.
    expect(screen.getByRole('button', { name: 'Save the program for Utility winter DR' })).toBeDisabled();
  });

  it('says so when no VTN is configured', async () => {
    renderWithApi(<OpsOpenAdrPage />, (url) => (url === '/api/ops/openadr' ? Response.json([]) : Response.json([])));
    expect(await screen.findByText('No OpenADR VTN is configured on this server.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
