// After `vite build`: renders the public pages to HTML in every prerendered language
// (docs/decisions/053-prerendered-public-pages.md) from the server bundle that
// `vite build --ssr` wrote to dist-server/, and writes them under dist/prerendered/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const serverBundle = join(webRoot, 'dist-server', 'entry-server.js');

const { renderPage, localizedPath, ORIGIN_PLACEHOLDER, paintFirstShell, prePaintRequests, PRERENDERED_LANGUAGES, prerenderedFile, PUBLIC_PAGES } =
  await import(pathToFileURL(serverBundle).href);


const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The whole stylesheet is small once compressed (about 11 kB), so it is inlined: the page paints
// without waiting for a second request. The portal, reached from here, finds it already applied.
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_, href) => {
    const css = readFileSync(join(dist, href), 'utf8');
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

function headFor(page, language, rendered) {
  const url = (lang) => `${ORIGIN_PLACEHOLDER}${localizedPath(page, lang)}`;
  return [
    `<title>${escapeHtml(rendered.title)}</title>`,
    `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
    `<link rel="canonical" href="${url(language)}" />`,
    ...PRERENDERED_LANGUAGES.map((lang) => `<link rel="alternate" hreflang="${lang}" href="${url(lang)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${url('en')}" />`,
  ].join('\n    ');
}

// The page paints before any of the app's JavaScript runs, and before it has asked for anything
// else: the app's entry, the manifest and the touch icon are added by an inline script once the
// first paint is reported, the favicon is a data URL, and the preloads are left out so nothing
// competes with the page (src/prerender/paint-first-shell.ts, decisions 053 and 070). The server
// allows that inline script by its hash (apps/server/src/lib/spa-static.ts).
const template = paintFirstShell(readFileSync(join(dist, 'index.html'), 'utf8'), (path) => readFileSync(join(dist, path), 'utf8'));
rmSync(join(dist, 'prerendered'), { recursive: true, force: true });
for (const language of PRERENDERED_LANGUAGES) {
  for (const page of PUBLIC_PAGES) {
    const rendered = await renderPage(page, language);
    // A page that rendered the error screen (which has no #main), or no heading, must not ship.
    if (!rendered.html.includes('<main id="main"') || !/<h1[\s>]/.test(rendered.html)) {
      throw new Error(`Prerendering ${localizedPath(page, language)} produced no main heading; is it the error screen?`);
    }
    let html = template
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `  ${headFor(page, language, rendered)}\n  </head>`)
      // Its controls answer before the app is live: the loader holds a press and makes it again
      // once the app is (decision 077).
      .replace('<div id="root"></div>', `<div id="root" data-prerendered-language="${language}">${rendered.html}</div>`);
    html = inlineStylesheets(html);
    if (!html.includes('data-prerendered-language')) throw new Error('index.html has no empty <div id="root"></div> to fill');
    const early = prePaintRequests(html);
    if (early.length > 0) throw new Error(`${localizedPath(page, language)} would request ${early.join(', ')} before its first paint`);
    const file = join(dist, prerenderedFile(page, language));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    console.log(`prerendered ${localizedPath(page, language)} -> ${prerenderedFile(page, language)} (${(html.length / 1024).toFixed(1)} KiB)`);
  }
}
