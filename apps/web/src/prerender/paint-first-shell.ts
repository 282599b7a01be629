/**
 * The shell a prerendered public page is written into: the built index.html made to paint without
 * a single request besides the document (docs/decisions/070-public-pages-paint-without-a-request.md).
 *
 * Lighthouse's simulated LCP counts every request that finished before the observed first paint,
 * so a file the page names in its head (the loader, the manifest, the icons Chromium fetches after
 * `load`) made the figure a race (decision 068). Here the app's entry, the manifest and the touch
 * icon are added to the head by an inline script once the browser reports its first contentful
 * paint, and the favicon is a data URL. The server allows that one script by its hash. The
 * script (prerender/public-page-loader.ts) starts the app in idle time once the page has loaded, or
 * when the visitor reaches for a control first (decisions 077 and 092).
 */

import { LANGUAGE_STORAGE_KEY, languages } from '@/locales/languages';
import { APP_LIVE_EVENT } from '@/app/app-live';
import { publicPageLoaderSource, type DeferredElement } from './public-page-loader';

/**
 * How long after its first frame a page waits for a first-contentful-paint entry before starting
 * anyway: a browser that lists the entry type but never reports it (fingerprinting protection)
 * must still get a working page, and a visitor's first key or pointer press starts it at once.
 * Normally the entry arrives within a frame or two, but on a starved 2-core host (load 16) the
 * frame took 1.9 s to reach the screen: 1 s started the app before the paint (bench/RESULTS.md).
 */
export const PAINT_REPORT_WAIT_MS = 3_000;

/**
 * How long after the page's load an idle start waits at most for an idle period (decision 092).
 * A page that never goes idle (an animation, a busy extension) still gets a live app, a little
 * later than the visitor's likely first press.
 */
export const IDLE_START_TIMEOUT_MS = 1_000;

/** The module script vite writes for the app's entry, with the attributes it gives it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
const MODULE_PRELOAD_HREFS = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;
/** Head links a visitor never needs for the first paint: installing the app, and iOS's home-screen icon. */
const AFTER_PAINT_LINKS = /\s*<link rel="(manifest|apple-touch-icon)" href="([^"]+)"\s*\/?>/g;
const SVG_FAVICON = /<link rel="icon" type="image\/svg\+xml" href="(\/[^"]+\.svg)"\s*\/?>/;

const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;

/**
 * The built index.html as the shell of a prerendered page. `readBuiltFile` reads a file of the
 * build by its URL path (the favicon). Fails if the shell is not what vite writes; the stylesheet
 * link is left for scripts/prerender.mjs to inline, which then checks the finished page with
 * `prePaintRequests`.
 */
export function paintFirstShell(indexHtml: string, readBuiltFile: (path: string) => string): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module script for the app');
  // The entry's own imports are preloaded with it, as vite's links did: the browser fetches them
  // together instead of finding them once the entry has arrived.
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD_HREFS)].map(([, href]): DeferredElement => ({ tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: href! } }));
  const app: DeferredElement[] = [...preloads, { tag: 'script', attributes: { type: 'module', crossorigin: '', src: entry[1]! } }];
  const afterPaint = [...indexHtml.matchAll(AFTER_PAINT_LINKS)].map(([, rel, href]): DeferredElement => ({ tag: 'link', attributes: { rel: rel!, href: href! } }));
  const loader = publicPageLoaderSource({
    app,
    afterPaint,
    paintWaitMs: PAINT_REPORT_WAIT_MS,
    idleStartTimeoutMs: IDLE_START_TIMEOUT_MS,
    languages: [...languages],
    storageKey: LANGUAGE_STORAGE_KEY,
    liveEvent: APP_LIVE_EVENT,
  });
  const favicon = SVG_FAVICON.exec(indexHtml);
  if (!favicon) throw new Error('index.html has no SVG favicon link to inline');
  return indexHtml
    .replace(ENTRY_SCRIPT, () => `<script>${loader}</script>`)
    .replace(MODULE_PRELOADS, '')
    .replace(AFTER_PAINT_LINKS, '')
    .replace(favicon[0], () => favicon[0].replace(favicon[1]!, svgDataUrl(readBuiltFile(favicon[1]!))));
}

/**
 * What a head asks the browser to fetch as it is parsed: scripts with a source, and links the
 * browser loads (stylesheets, preloads, icons and the manifest) unless their address is data.
 * Canonical and alternate links are not fetched.
 */
export function prePaintRequests(html: string): string[] {
  const end = html.indexOf('</head>');
  const head = end === -1 ? html : html.slice(0, end);
  const scripts = [...head.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const links = [...head.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="(stylesheet|preload|modulepreload|prefetch|icon|apple-touch-icon|manifest)"/.test(tag))
    .map((tag) => /\bhref="([^"]*)"/.exec(tag)?.[1] ?? tag)
    .filter((href) => !href.startsWith('data:'));
  return [...scripts, ...links];
}
