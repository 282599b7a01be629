import { REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import { describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { RedeemError } from './api/use-redeem';
import { addressFieldErrors, redeemRefusals } from './redeem-error';

const fr = () => i18n.getFixedT('fr', 'rewards');
await i18nReady;
// French comes from its own chunk, as in the app.
await i18n.loadLanguages('fr');

describe('redeemRefusals', () => {
  it('says the marketplace’s fixed refusals in the reader’s language, keeping what they name', () => {
    const refused = new RedeemError(409, 'insufficient_points', REWARD_MESSAGES.insufficientPoints, []);
    expect(redeemRefusals(fr(), refused)).toEqual(['Vous n’avez pas assez de points pour cette récompense.']);
    const malformed = new RedeemError(400, 'validation_failed', 'The request is not valid', [{ path: 'codes', message: `${REWARD_MESSAGES.codeFormat} (AB 1)` }]);
    expect(redeemRefusals(fr(), malformed)).toEqual(['Un code compte 4 à 64 lettres, chiffres ou tirets. (AB 1)']);
    expect(redeemRefusals(fr(), new RedeemError(0, 'network_error', undefined, []))[0]).toMatch(/Impossible de joindre Peakwise/);
    // A sentence the web does not know is shown as the server wrote it.
    expect(redeemRefusals(fr(), new RedeemError(500, 'internal_error', 'Something went wrong. Please try again.', []))).toEqual(['Something went wrong. Please try again.']);
  });

  it('marks the address field a refusal is about', () => {
    const error = new RedeemError(400, 'validation_failed', 'The request is not valid', [{ path: 'shippingAddress.postalCode', message: REWARD_MESSAGES.postalProvince }]);
    expect(addressFieldErrors(fr(), error)).toEqual({ postalCode: 'Ce code postal n’est pas dans la province choisie.' });
  });
});
