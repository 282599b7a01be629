import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GreenButtonImportResult } from '@peakwise/contracts/green-button.contract';
import { ApiRequestError } from '@/lib/api-request';
import { uploadGreenButton } from '../api/green-button-api';
import { GreenButtonImportCard } from './green-button-import-card';

vi.mock('../api/green-button-api', () => ({ uploadGreenButton: vi.fn() }));
const upload = vi.mocked(uploadGreenButton);
afterEach(() => {
  upload.mockReset();
  vi.unstubAllGlobals();
});

/** The home the "where to find it" guide reads its province from. */
function homeIn(province: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/household/home'
        ? new Response(JSON.stringify({ postalCode: null, city: null, province, timeZone: 'America/Toronto', tariffPlanId: null }), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(null, { status: 404 }),
    ),
  );
}

const file = () => new File(['<feed/>'], 'Green_Button_Data.xml', { type: 'text/xml' });
const card = () => within(screen.getByRole('region', { name: 'Import your utility’s data (Green Button)' }));

function renderCard(path = '/app/settings', province = 'ON') {
  homeIn(province);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <GreenButtonImportCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const guide = () => within(screen.getByRole('region', { name: 'Where to find your Green Button file' }));

describe('GreenButtonImportCard', () => {
  it('asks for a file before uploading anything', async () => {
    renderCard();
    await userEvent.click(card().getByRole('button', { name: 'Import File' }));
    expect(card().getByText('Choose a Green Button file first.')).toBeInTheDocument();
    expect(card().getByLabelText('Green Button file (XML)')).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows upload progress, then the summary and each refused reading with its reason', async () => {
    let finish: (result: GreenButtonImportResult) => void = () => {};
    upload.mockImplementation((_file, onProgress) => {
      onProgress(40);
      return new Promise((resolve) => (finish = resolve));
    });
    renderCard();
    await userEvent.upload(card().getByLabelText('Green Button file (XML)'), file());
    await userEvent.click(card().getByRole('button', { name: 'Import File' }));
    expect(upload.mock.calls[0]![0].name).toBe('Green_Button_Data.xml');
    expect(card().getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(card().getByRole('button', { name: 'Import File' })).toBeDisabled();

    finish({
      readings: 2979,
      refused: 103,
      refusedReadings: Array.from({ length: 100 }, (_, i) => ({
        index: i,
        start: i === 0 ? null : '2026-01-05T14:00:00.000Z',
        reason: i === 0 ? 'invalid_value' : 'interval_misaligned',
        message: 'English message',
      })),
      outcomes: { stored: 2868, duplicate: 6, superseded: 2, refused: 103, skipped: 0 },
      skippedSeries: [],
      intervals: { accepted: 34_512, corrected: 0, duplicates: 24 },
      period: { from: '2025-12-01T05:00:00.000Z', to: '2026-03-01T05:00:00.000Z' },
      intervalSeconds: [900],
    });
    expect(await card().findByText('Import finished')).toBeInTheDocument();
    expect(card().getByText('2979 readings read from the file.')).toBeInTheDocument();
    expect(card().getByText('34512 new 5-minute intervals stored, 24 already stored.')).toBeInTheDocument();
    expect(card().getByText(/^The file covers (Nov 30|Dec 1), 2025 to (Feb 28|Mar 1), 2026\.$/)).toBeInTheDocument();
    expect(card().getByText('103 readings were refused')).toBeInTheDocument();
    const lines = card().getAllByRole('listitem');
    expect(lines).toHaveLength(100);
    expect(lines[0]).toHaveTextContent('Reading 1 (no start time): it has no usable start, duration or value.');
    expect(lines[1]).toHaveTextContent('it does not start on a 5-minute boundary.');
    expect(card().getByText('and 3 more readings not listed.')).toBeInTheDocument();
    expect(card().queryByText(/were skipped/)).not.toBeInTheDocument();
  });

  it('shows what became of every reading, and the series left out with their unit and why', async () => {
    upload.mockResolvedValueOnce({
      readings: 120,
      refused: 0,
      refusedReadings: [],
      outcomes: { stored: 47, duplicate: 0, superseded: 1, refused: 0, skipped: 72 },
      skippedSeries: [
        { meterReading: '/MeterReading/2', uom: 6, flowDirection: 1, readings: 48, reason: 'not_energy', message: 'English message' },
        { meterReading: '/MeterReading/3', uom: 72, flowDirection: 4, readings: 23, reason: 'unsupported_flow', message: 'English message' },
        { meterReading: null, uom: 9999, flowDirection: 1, readings: 1, reason: 'not_energy', message: 'English message' },
      ],
      intervals: { accepted: 564, corrected: 0, duplicates: 0 },
      period: { from: '2026-01-12T05:00:00.000Z', to: '2026-01-14T05:00:00.000Z' },
      intervalSeconds: [3600],
    });
    renderCard();
    await userEvent.upload(card().getByLabelText('Green Button file (XML)'), file());
    await userEvent.click(card().getByRole('button', { name: 'Import File' }));
    expect(await card().findByText('Import finished')).toBeInTheDocument();
    const outcome = (label: string) => card().getByText(label).nextElementSibling?.textContent;
    expect(outcome('Stored')).toBe('47');
    expect(outcome('Replaced by a later reading of the file')).toBe('1');
    expect(outcome('Refused')).toBe('0');
    expect(outcome('Skipped (not electricity)')).toBe('72');
    expect(card().getByText('72 readings were skipped')).toBeInTheDocument();
    expect(card().getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '48 readings in K: not electricity in watt-hours (temperature, power, voltage…), so left out.',
      '23 readings in Wh: net energy or another flow direction, so left out.',
      '1 reading in unit 9999: not electricity in watt-hours (temperature, power, voltage…), so left out.',
    ]);
  });

  it('explains a refused file in words, by its code', async () => {
    upload.mockRejectedValueOnce(new ApiRequestError(400, { code: 'foreign_unit', message: 'The file’s readings are in unit 169' }));
    renderCard();
    await userEvent.upload(card().getByLabelText('Green Button file (XML)'), file());
    await userEvent.click(card().getByRole('button', { name: 'Import File' }));
    expect(await card().findByText(/not electricity in Wh or kWh/)).toBeInTheDocument();

    upload.mockRejectedValueOnce(new ApiRequestError(413, { code: 'payload_too_large' }));
    await userEvent.click(card().getByRole('button', { name: 'Import File' }));
    expect(await card().findByText(/This file is too large, so nothing was imported/)).toBeInTheDocument();

    upload.mockRejectedValueOnce(new ApiRequestError(0, {}));
    await userEvent.click(card().getByRole('button', { name: 'Import File' }));
    expect(await card().findByText('The import failed. Nothing was changed; please try again.')).toBeInTheDocument();
  });

  it('puts the file field in focus when opened from the Usage screen’s link', () => {
    renderCard('/app/settings#green-button');
    expect(card().getByLabelText('Green Button file (XML)')).toHaveFocus();
  });

  it('names Ontario’s four utilities for an Ontario home, and shows where the chosen one keeps its file', async () => {
    renderCard();
    expect(await guide().findByText(/Hydro One, Toronto Hydro, Alectra and Hydro Ottawa all offer/)).toBeInTheDocument();
    const select = guide().getByLabelText('Your utility');
    expect(select).toHaveValue('');
    // Ontario's first, in the list's order.
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose your utility',
      'Hydro One (Ontario)',
      'Toronto Hydro (Ontario)',
      'Alectra Utilities (Ontario)',
      'Hydro Ottawa (Ontario)',
      'BC Hydro (British Columbia)',
      'Hydro-Québec (Québec)',
    ]);
    await userEvent.selectOptions(select, 'hydroOttawa');
    expect(guide().getByText(/20-digit account number/)).toBeInTheDocument();
    expect(guide().getByText('You get an XML file of your use, up to 24 months back.')).toBeInTheDocument();
    expect(guide().queryByRole('link', { name: 'Connect a device' })).not.toBeInTheDocument();
  });

  it('starts a British Columbia home on BC Hydro, and a Québec home on Hydro-Québec, which has no Green Button file', async () => {
    renderCard('/app/settings', 'BC');
    expect(await guide().findByText(/Sign in to MyHydro/)).toBeInTheDocument();
    expect(guide().getByLabelText('Your utility')).toHaveValue('bcHydro');
    expect(within(guide().getByLabelText('Your utility')).getAllByRole('option')[1]).toHaveTextContent('BC Hydro (British Columbia)');
    cleanup();

    renderCard('/app/settings', 'QC');
    expect(await guide().findByText(/Hydro-Québec does not offer a Green Button download/)).toBeInTheDocument();
    expect(guide().getByRole('link', { name: 'Connect a device' })).toHaveAttribute('href', '/app/devices?add=1');
  });

  it('tells an Alberta home that no listed utility offers it yet, and points to a device', async () => {
    renderCard('/app/settings', 'AB');
    expect(await guide().findByText(/None of the utilities listed here serves Alberta/)).toBeInTheDocument();
    expect(guide().getByLabelText('Your utility')).toHaveValue('');
    expect(guide().getByRole('link', { name: 'Connect a device' })).toBeInTheDocument();
  });
});
