import { afterAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady, publicNamespaces } from './i18n';

describe('languages', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('bundles only the public pages’ English; the rest, French and Spanish arrive when asked for, before the switch completes', async () => {
    await i18nReady;
    expect([...publicNamespaces].sort()).toEqual(['auth', 'common', 'help', 'marketing']);
    // The test setup asked for every namespace, as the portal's routes do.
    expect(i18n.hasResourceBundle('en', 'maintenance')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('es', 'common')).toBe(false);

    await i18n.changeLanguage('fr');
    expect(i18n.hasResourceBundle('fr', 'maintenance')).toBe(true);
    expect(i18n.t('portal:nav.usage')).toBe('Historique de consommation');
    expect(document.documentElement.lang).toBe('fr');

    await i18n.changeLanguage('es');
    expect(i18n.t('portal:nav.usage')).not.toBe(i18n.getFixedT('en', 'portal')('nav.usage'));
  });
});
