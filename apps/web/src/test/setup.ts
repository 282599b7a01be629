import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady, loadAllNamespaces } from '@/lib/i18n';

// Components under test render at once, in any namespace: have all of English in hand, as the
// portal's routes do before they render.
await i18nReady;
await loadAllNamespaces();

afterEach(() => cleanup());
