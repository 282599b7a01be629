import { describe, expect, it } from 'vitest';
import { autopayFailedTemplate } from './autopay-failed.template';
import { paymentReceiptTemplate } from './payment-receipt.template';

const paidAt = new Date('2025-11-05T15:00:00Z');
const receipt = { name: 'Marie', amountCents: 123_456, brand: 'visa', last4: '4242', paidAt, timeZone: 'America/Toronto', reference: 'p-1', billingUrl: 'https://peakwise.test/app/billing' };

describe('payment emails', () => {
  it('the receipt names the amount in the member’s language, the card by brand and last 4 only, and the local time', () => {
    const en = paymentReceiptTemplate('en', receipt);
    expect(en.subject).toBe('Payment received: $1,234.56');
    expect(en.text).toContain('Visa •••• 4242');
    expect(en.text).toContain('November 5, 2025');
    expect(en.text).toMatch(/10:00\s?a\.m\. EST/);
    const fr = paymentReceiptTemplate('fr', receipt);
    expect(fr.subject.replace(/[\u00a0\u202f]/g, ' ')).toBe('Paiement reçu : 1 234,56 $');
    expect(fr.text).toContain('5 novembre 2025');
    const es = paymentReceiptTemplate('es', receipt);
    expect(es.subject).toMatch(/^Pago recibido: /);
    expect(es.text).toContain('5 de noviembre de 2025');
  });

  it('a declined auto-pay says why and when it is tried again, or that it is not', () => {
    const v = { name: null, amountCents: 5_000, reason: 'insufficient_funds' as const, retryOn: 'November 16, 2025', billingUrl: 'https://peakwise.test/app/billing' };
    expect(autopayFailedTemplate('en', v).text).toContain('insufficient funds.');
    expect(autopayFailedTemplate('en', v).text).toContain('We will try again on November 16, 2025.');
    expect(autopayFailedTemplate('en', { ...v, retryOn: null }).text).toContain('We will not try again.');
    expect(autopayFailedTemplate('fr', v).text).toContain('fonds insuffisants.');
    expect(autopayFailedTemplate('es', { ...v, reason: 'no_card' }).text).toContain('no tienes una tarjeta predeterminada.');
  });
});
