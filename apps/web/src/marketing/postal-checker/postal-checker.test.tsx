import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkedPostalCode } from '@/lib/checked-postal-code';
import { PostalChecker } from './postal-checker';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function checkCode(code: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Postal code');
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Check' }));
}

describe('PostalChecker', () => {
  it('rejects a malformed code with the exact message and makes no request', async () => {
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('12345');
    expect(await screen.findByText('Please enter a valid postal code (e.g., A1A 1A1)')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('limits the input to 7 characters', () => {
    render(<PostalChecker onSignUp={() => {}} />);
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('maxLength', '7');
  });

  it('reports a serviceable area with the returned city and the province’s full name', async () => {
    fetchMock.mockResolvedValue(json(200, { postalCode: 'M5V3L9', city: 'Toronto', province: 'ON', isServiceable: true }));
    const onSignUp = vi.fn();
    render(<PostalChecker onSignUp={onSignUp} />);
    await checkCode('m5v 3l9');
    expect(await screen.findByRole('heading', { name: 'Great news!' })).toBeInTheDocument();
    expect(screen.getByText('We provide service in Toronto, Ontario. Sign up now to start saving!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/postal-codes/M5V3L9', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(onSignUp).toHaveBeenCalled();
    // Kept for a sign-up from this tab (decision 057).
    expect(checkedPostalCode()).toBe('M5V 3L9');
  });

  it('forgets a served code once another check finds an area that is not served', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { postalCode: 'H2X 1Y4', city: 'Montréal', province: 'QC', isServiceable: true }));
    fetchMock.mockResolvedValueOnce(json(200, { postalCode: 'R3C 4T3', city: 'Winnipeg', province: 'MB', isServiceable: false }));
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('H2X 1Y4');
    await screen.findByRole('heading', { name: 'Great news!' });
    expect(checkedPostalCode()).toBe('H2X 1Y4');
    await checkCode('R3C 4T3');
    await screen.findByRole('heading', { name: 'Sorry!' });
    expect(checkedPostalCode()).toBeUndefined();
  });

  it('reports an area that is not served yet', async () => {
    fetchMock.mockResolvedValue(json(200, { postalCode: 'R3C4T3', city: 'Winnipeg', province: 'MB', isServiceable: false }));
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('R3C 4T3');
    expect(await screen.findByRole('heading', { name: 'Sorry!' })).toBeInTheDocument();
    expect(
      screen.getByText("We don't currently service Winnipeg, Manitoba. We're expanding quickly - check back soon!"),
    ).toBeInTheDocument();
  });

  it('shows the lookup-failure message when the request fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('K1A 0B1');
    expect(await screen.findByText('Unable to verify this postal code. Please try again.')).toBeInTheDocument();
  });

  it('treats a server error or a malformed body as a lookup failure', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'unavailable', message: 'down' } }));
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('K1A 0B1');
    expect(await screen.findByText('Unable to verify this postal code. Please try again.')).toBeInTheDocument();
  });

  it('shows the format message for a 400 invalid_postal_code answer', async () => {
    fetchMock.mockResolvedValue(json(400, { error: { code: 'invalid_postal_code', message: 'Please enter a valid postal code (e.g., A1A 1A1)' } }));
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('K1A 0B1');
    expect(await screen.findByText('Please enter a valid postal code (e.g., A1A 1A1)')).toBeInTheDocument();
  });

  it('reads "Checking..." and is disabled while the request is pending', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('K1A 0B1');
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
  });

  it('clears the previous result when a new check starts', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { postalCode: 'M5V3L9', city: 'Toronto', province: 'ON', isServiceable: true }));
    render(<PostalChecker onSignUp={() => {}} />);
    await checkCode('M5V 3L9');
    expect(await screen.findByText(/We provide service in Toronto/)).toBeInTheDocument();

    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await checkCode('V6B 1A1');
    expect(screen.queryByText(/We provide service in Toronto/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
    answer(json(500, {}));
    expect(await screen.findByText('Unable to verify this postal code. Please try again.')).toBeInTheDocument();

    // An invalid code after a failure clears the failure too.
    await checkCode('nope');
    expect(screen.getByText('Please enter a valid postal code (e.g., A1A 1A1)')).toBeInTheDocument();
    expect(screen.queryByText('Unable to verify this postal code. Please try again.')).not.toBeInTheDocument();
  });
});
