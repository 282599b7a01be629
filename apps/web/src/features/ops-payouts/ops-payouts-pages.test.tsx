import type { OpsCashOut } from '@peakwise/contracts/cash-outs.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import OpsCashOutsPage from './ops-cash-outs-page';
import OpsLedgerPage from './ops-ledger-page';

afterEach(() => vi.unstubAllGlobals());

const HELD: OpsCashOut = {
  id: 'c1',
  householdId: 'h1',
  memberEmail: 'marie@example.com',
  points: 20_000,
  valueCents: 20_000,
  email: 'marie.pay@example.com',
  status: 'held',
  failureReason: null,
  createdAt: '2025-11-20T15:00:00.000Z',
  sentAt: null,
  failedAt: null,
  reviewedAt: null,
};

type Call = { url: string; method: string; body: unknown };

describe('operator cash-out review', () => {
  it('lists held cash-outs, approves one, and rejects another only with a reason', async () => {
    const calls: Call[] = [];
    renderWithApi(<OpsCashOutsPage />, (url, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/ops/cash-outs?status=held') return Response.json([HELD, { ...HELD, id: 'c2', memberEmail: 'luc@example.com' }]);
      if (method === 'POST') return Response.json({ ...HELD, status: 'pending' });
      return Response.json([]);
    });
    const rows = await screen.findAllByRole('row', {}, { timeout: 5000 });
    expect(plain(rows[1]!.textContent)).toContain('20,000 points · $200.00');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/ops/cash-outs/c1/approve', method: 'POST', body: undefined }));

    fireEvent.click(within(rows[2]!).getByRole('button', { name: /Reject/ }));
    const reason = await screen.findByLabelText('Reason for rejecting (the member sees it)');
    const confirm = screen.getByRole('button', { name: 'Reject and return points' });
    expect(confirm).toBeDisabled();
    fireEvent.change(reason, { target: { value: 'Name does not match' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/ops/cash-outs/c2/reject', method: 'POST', body: { reason: 'Name does not match' } }));
  });
});

describe('operator member ledger', () => {
  it('finds a member, shows their entries with running balances, and records an adjustment with a reason', async () => {
    const calls: Call[] = [];
    renderWithApi(<OpsLedgerPage />, (url, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/ops/members')) return Response.json([{ householdId: 'h1', email: 'marie@example.com', name: 'Marie', balance: 150 }]);
      if (url.startsWith('/api/ops/households/h1/ledger'))
        return Response.json({
          householdId: 'h1',
          memberEmail: 'marie@example.com',
          balance: 150,
          nextCursor: null,
          activity: [
            { entryId: '3', transferId: 't3', kind: 'redemption', amount: -100, balanceAfter: 150, at: '2025-11-21T15:00:00.000Z', eventId: null, cashOutId: null, orderId: 'o7', drawId: null, item: { en: 'Smart plug', fr: 'Prise intelligente', es: 'Enchufe inteligente' }, reason: null },
            { entryId: '2', transferId: 't2', kind: 'event_reward', amount: 250, balanceAfter: 250, at: '2025-11-20T15:00:00.000Z', eventId: 'e1', cashOutId: null, orderId: null, drawId: null, item: null, reason: null },
          ],
        });
      if (method === 'POST') return Response.json({ balance: 175 }, { status: 201 });
      return new Response(null, { status: 404 });
    });
    fireEvent.change(screen.getByLabelText('Member email'), { target: { value: 'marie@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: /marie@example.com/ }, { timeout: 5000 }));
    const table = await screen.findByTestId('ops-ledger');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    // A redemption names what was bought, as the member's Activity does (decision 051).
    expect(plain(within(table).getAllByRole('row')[1]!.textContent)).toContain('Redeemed: Smart plug');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('order o7');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('event_reward');
    const submit = screen.getByRole('button', { name: 'Record adjustment' });
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '25' } });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Missed reading' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Adjustment recorded.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/ops/households/h1/adjustments');
    expect(post.body).toEqual({ direction: 'credit', points: 25, reason: 'Missed reading', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
  });
});
