import { describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_WORDING } from './account.contract';
import { CONSENT_WORDINGS, consentWordingText, MARKETING_CONSENT_VERSION, notificationConsentVersion } from './consent-history.contract';
import { NOTIFICATION_CONSENT_WORDING, NOTIFICATION_KINDS } from './notifications.contract';

describe('consent wording versions', () => {
  it('keeps every version in the three languages, its English being the sentence stored with the record', () => {
    for (const [version, texts] of Object.entries(CONSENT_WORDINGS)) {
      for (const language of ['en', 'fr', 'es'] as const) expect(texts[language].trim(), `${version} ${language}`).not.toBe('');
      expect(new Set([texts.en, texts.fr, texts.es]).size, version).toBe(3);
    }
    expect(CONSENT_WORDINGS[MARKETING_CONSENT_VERSION]!.en).toBe(MARKETING_CONSENT_WORDING);
    for (const kind of NOTIFICATION_KINDS) expect(CONSENT_WORDINGS[notificationConsentVersion(kind)]!.en).toBe(NOTIFICATION_CONSENT_WORDING[kind]);
  });

  it('shows the sentence in the language of the record, else what was stored', () => {
    expect(consentWordingText({ wordingVersion: 'marketing_data_sharing/1', wording: MARKETING_CONSENT_WORDING, language: 'es' })).toBe(
      'Compartir mis datos de registro con proveedores de contenido con fines de marketing',
    );
    expect(consentWordingText({ wordingVersion: 'notifications:events/1', wording: 'x', language: 'fr' })).toBe('M’informer des Événements d’économie d’énergie');
    expect(consentWordingText({ wordingVersion: 'notifications:events/1', wording: 'x', language: 'de' })).toBe('Tell me about Energy Saving Events');
    expect(consentWordingText({ wordingVersion: 'notifications:events/9', wording: 'An older sentence', language: 'fr' })).toBe('An older sentence');
    expect(consentWordingText({ wordingVersion: null, wording: 'An older sentence', language: 'fr' })).toBe('An older sentence');
  });
});
