import { describe, expect, it } from 'vitest';
import type { StatementLineView } from '@peakwise/contracts/billing.contract';
import { describeLine, formatMoney } from './statement-text';

const line = (over: Partial<StatementLineView>): StatementLineView => ({
  kind: 'energy',
  descriptionKey: 'off-peak',
  params: {},
  quantity: null,
  unit: null,
  unitPriceCents: null,
  amountCents: 0,
  ...over,
});

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('statement lines in the member’s language (PDF and CSV)', () => {
  it('names energy by period, plan and dates', () => {
    const energy = line({ params: { plan: 'on-tou', from: '2025-11-01', to: '2025-11-15' } });
    expect(describeLine(energy, 'en')).toBe('Off-peak (Ontario Time-of-Use), 2025-11-01 – 2025-11-15');
    expect(describeLine(energy, 'fr')).toBe('Heures creuses (Ontario, prix selon l’heure de consommation), 2025-11-01 – 2025-11-15');
  });

  it('names the fixed charge after the plan, with accents', () => {
    const access = line({ kind: 'fixed', descriptionKey: 'daily-charge', params: { plan: 'qc-rate-d', from: '2025-11-01', to: '2025-11-30' } });
    expect(describeLine(access, 'fr')).toBe('Redevance d’abonnement, 2025-11-01 – 2025-11-30');
    expect(describeLine(line({ kind: 'fixed', descriptionKey: 'daily-charge', params: { plan: 'bc-residential-conservation' } }), 'es')).toBe('Cargo básico');
  });

  it('gives taxes and rebates their rate in the language’s format', () => {
    expect(plain(describeLine(line({ kind: 'tax', descriptionKey: 'qst', params: { ratePerMillion: 99_750 } }), 'fr'))).toBe('TVQ (9,975 %)');
    expect(plain(describeLine(line({ kind: 'rebate', descriptionKey: 'ontario-electricity-rebate', params: { ratePerMillion: 131_000 } }), 'en'))).toBe(
      'Ontario Electricity Rebate (13.1 %)',
    );
  });

  it('explains an adjustment with both amounts', () => {
    const adjustment = line({ kind: 'adjustment', descriptionKey: 'late-readings', params: { from: '2025-10-01', to: '2025-10-31', billedCents: 8085, recomputedCents: 8127 } });
    expect(plain(describeLine(adjustment, 'fr'))).toBe(
      'Ajustement pour 2025-10-01 – 2025-10-31 : des relevés reçus après l’émission de ce relevé le portent à 81,27 $ (facturé 80,85 $)',
    );
    expect(plain(formatMoney(-391, 'en'))).toBe('-$3.91');
  });

  it('names a lapsed net-metering credit with its date and the periods carried, in each language', () => {
    const lapse = line({ kind: 'credit-lapse', descriptionKey: 'net-metering-12-periods', params: { date: '2026-01-01', periods: 12 }, amountCents: 4321 });
    expect(describeLine(lapse, 'en')).toBe('Net-metering credit expired (12 months carried), 2026-01-01');
    expect(describeLine(lapse, 'fr')).toBe('Crédit de mesurage net expiré (reporté 12 mois), le 2026-01-01');
    expect(describeLine(lapse, 'es')).toBe('Crédito por medición neta vencido (trasladado 12 meses), el 2026-01-01');
  });
});
