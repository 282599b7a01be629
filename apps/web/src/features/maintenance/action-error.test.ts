import { MAINTENANCE_MESSAGES } from '@peakwise/contracts/maintenance.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-request';
import { i18n } from '@/lib/i18n';
import { actionErrorText } from './action-error';

const refusal = (status: number, code: string | undefined, message: string | undefined) => new ApiRequestError(status, { code, message });

describe('actionErrorText', () => {
  // French is its own chunk, loaded the first time it is chosen; here it is used directly.
  beforeAll(() => i18n.loadLanguages('fr'));

  it("translates the server’s known refusals by sentence or by code", () => {
    const fr = i18n.getFixedT('fr', 'maintenance');
    expect(actionErrorText(fr, refusal(409, 'alert_resolved', MAINTENANCE_MESSAGES.alertResolved))).toBe('Cette alerte est déjà résolue\u202f; il n’y a rien à faire.');
    expect(actionErrorText(fr, refusal(404, 'not_found', MAINTENANCE_MESSAGES.componentNotFound))).toBe('Ce composant n’existe pas dans votre foyer.');
    expect(actionErrorText(fr, refusal(400, 'date_too_far', 'Pick an earlier date.'))).toBe('Choisissez une date dans les deux prochaines années.');
  });

  it('passes other 400/404/409 messages through, and words network and server failures itself', () => {
    const en = i18n.getFixedT('en', 'maintenance');
    expect(actionErrorText(en, refusal(409, 'busy', 'Someone else is editing this component.'))).toBe('Someone else is editing this component.');
    expect(actionErrorText(en, refusal(500, 'internal', 'Internal Server Error'))).toBe('That didn’t work. Try again in a moment.');
    expect(actionErrorText(en, refusal(0, undefined, 'Failed to fetch'))).toBe('We couldn’t reach Peakwise. Check your connection, then try again.');
    expect(actionErrorText(en, new Error('boom'))).toBe('That didn’t work. Try again in a moment.');
  });
});
