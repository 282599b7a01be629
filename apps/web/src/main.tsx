// First, before any schema exists: see the module's comment.
import '@peakwise/contracts/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '@/lib/i18n';
import '@/styles.css';
import { App } from '@/app/app';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// A French or Spanish visitor's strings are a chunk of their own: render once they are here
// (English is bundled, so this resolves at once for English; a failed fetch falls back to it).
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
