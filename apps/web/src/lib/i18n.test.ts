import { afterAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady, publicNamespaces } from './i18n';

describe('languages', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('bundles only English `common`; the rest, French and Spanish arrive when asked for, before the switch completes', async () => {
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

  it('reads French and Spanish without English behind them, and an exact million in the "other" form (decision 086)', async () => {
    await i18n.changeLanguage('fr');
    // No English fallback: a French screen does not download its namespaces' English too.
    expect(i18n.languages).toEqual(['fr']);
    expect(i18n.t('dashboard:cards.devices', { count: 1_000_000 })).toBe('1000000 appareils');
    expect(i18n.t('dashboard:cards.devices', { count: 1 })).toBe('1 appareil');
    await i18n.changeLanguage('es');
    expect(i18n.languages).toEqual(['es']);
    expect(i18n.t('dashboard:cards.devices', { count: 2_000_000 })).not.toContain('cards.devices');
    await i18n.changeLanguage('en');
    expect(i18n.languages).toEqual(['en']);
  });
});
