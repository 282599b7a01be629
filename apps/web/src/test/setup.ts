import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18n, i18nReady, loadAllNamespaces } from '@/lib/i18n';

// Test files share one worker's jsdom and modules (decision 093), and this file runs again before
// each of them: put back what a file may have left behind, so each starts as it would alone
// (English, empty storage, the start URL, real timers and globals).
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
document.body.innerHTML = '';

// Components under test render at once, in any namespace: have all of English in hand, as the
// portal's routes do before they render.
await i18nReady;
if (i18n.language !== 'en') await i18n.changeLanguage('en');
localStorage.clear();
await loadAllNamespaces();

afterEach(() => cleanup());
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
