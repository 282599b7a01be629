import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  localizedPath,
  ORIGIN_PLACEHOLDER,
  PRERENDERED_LANGUAGES,
  prerenderedFile,
  PUBLIC_PAGES,
  type PrerenderedLanguage,
  type PublicPage,
} from '@peakwise/contracts/public-pages';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { en } from '@/locales/en';
import { fr } from '@/locales/fr';
import { namespaces } from '@/locales/resources';
import { seoEn } from '@/locales/seo.en';
import { seoFr } from '@/locales/seo.fr';
import { paintFirstShell, prePaintRequests } from './paint-first-shell';

// What scripts/prerender.mjs needs besides renderPage, from the one bundle it loads.
export { localizedPath, ORIGIN_PLACEHOLDER, paintFirstShell, prePaintRequests, PRERENDERED_LANGUAGES, prerenderedFile, PUBLIC_PAGES };

const seo = { en: seoEn, fr: seoFr } as const;
const seoKey = { '/': 'home', '/how-it-works': 'howItWorks', '/help': 'help' } as const satisfies Record<PublicPage, keyof typeof seoEn>;

export type RenderedPage = { html: string; title: string; description: string };

/**
 * One public page as HTML, run by scripts/prerender.mjs after the client build. The tree matches
 * main.tsx's (StrictMode, I18nextProvider, the app's providers, the router) so it hydrates.
 */
export async function renderPage(page: PublicPage, language: PrerenderedLanguage): Promise<RenderedPage> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en, fr },
    ns: namespaces,
    defaultNS: 'common',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${localizedPath(page, language)}`));
  if (context instanceof Response) throw new Error(`Prerendering ${page} (${language}) answered ${context.status}`);
  if (context.errors) throw new Error(`Prerendering ${page} (${language}) failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </I18nextProvider>
    </StrictMode>,
  );
  const meta = seo[language][seoKey[page]];
  return { html, title: meta.title, description: meta.description };
}
