import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAINT_REPORT_WAIT_MS, paintFirstLoader, paintFirstShell, prePaintRequests } from './paint-first-shell';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRY = '/assets/index-AbC12345.js';

/** The real index.html as vite's build writes it: the source script replaced by the built entry, preloads and the stylesheet added. */
function builtIndexHtml(): string {
  const source = readFileSync(join(WEB, 'index.html'), 'utf8');
  const tags = [
    `<script type="module" crossorigin src="${ENTRY}"></script>`,
    '<link rel="modulepreload" crossorigin href="/assets/react-dom-Zz9.js">',
    '<link rel="modulepreload" crossorigin href="/assets/i18n-Yy8.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-Qq1.css">',
  ].join('\n    ');
  return source.replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '').replace('</head>', `    ${tags}\n  </head>`);
}

const readPublic = (path: string) => readFileSync(join(WEB, 'public', path), 'utf8');

type Added = { tag: string; attributes: Record<string, string> };

/** Runs a loader as a browser would, with the clock, frames and paint reports in the test's hands. */
function load(source: string, options: { paintTiming: boolean }) {
  const added: Added[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const listeners: Record<string, () => void> = {};
  let report: ((entries: string[]) => void) | undefined;
  let observed: unknown;
  let disconnected = false;
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, observer: FakeObserver) => void) {
      report = (names) => this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, this);
    }
    observe(options: unknown) {
      observed = options;
    }
    disconnect() {
      disconnected = true;
    }
  }
  runInNewContext(source, {
    document: {
      head: { append: ({ tag, attributes }: Added) => added.push({ tag, attributes }) },
      createElement: (tag: string) => {
        const attributes: Record<string, string> = {};
        return { tag, attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
      },
    },
    window: options.paintTiming ? { PerformanceObserver: FakeObserver } : {},
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    setTimeout: (callback: () => void, ms: number) => timers.push({ run: callback, ms }),
  });
  return {
    added,
    frames,
    timers,
    observed: () => observed,
    disconnected: () => disconnected,
    paint: (...names: string[]) => report?.(names),
    press: (type: string) => listeners[type]?.(),
  };
}

describe('the shell of a prerendered page', () => {
  const shell = paintFirstShell(builtIndexHtml(), readPublic);
  const loader = /<script>([^<]*)<\/script>/.exec(shell)?.[1] ?? '';

  it('names nothing the browser fetches before the first paint but the stylesheet, which the prerender inlines', () => {
    expect(prePaintRequests(builtIndexHtml())).toEqual([
      '/assets/index-AbC12345.js',
      '/favicon.svg',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/assets/react-dom-Zz9.js',
      '/assets/i18n-Yy8.js',
      '/assets/index-Qq1.css',
    ]);
    expect(prePaintRequests(shell)).toEqual(['/assets/index-Qq1.css']);
  });

  it('carries one script, inline, and no external one', () => {
    expect(shell.match(/<script\b/g)).toHaveLength(1);
    expect(loader).not.toBe('');
    expect(shell).not.toMatch(/<script[^>]*\ssrc=/);
    expect(shell).not.toContain('modulepreload');
    expect(shell).not.toContain('rel="manifest"');
    expect(shell).not.toContain('rel="apple-touch-icon"');
  });

  it('has the favicon as a data URL of the built file, and keeps the theme colour', () => {
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(shell)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(readPublic('/favicon.svg').trim());
    expect(shell).toContain('<meta name="theme-color" content="#047857" />');
  });

  it('adds the app, the manifest and the touch icon once the first contentful paint is reported, and only once', () => {
    const page = load(loader, { paintTiming: true });
    expect(page.observed()).toEqual({ type: 'paint', buffered: true });
    expect(page.added).toEqual([]);
    page.frames.forEach((frame) => frame());
    expect(page.added).toEqual([]);
    page.paint('first-paint');
    expect(page.added).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.added).toEqual([
      { tag: 'script', attributes: { type: 'module', crossorigin: '', src: ENTRY } },
      { tag: 'link', attributes: { rel: 'manifest', href: '/manifest.webmanifest' } },
      { tag: 'link', attributes: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' } },
    ]);
    expect(page.disconnected()).toBe(true);
    // The fallback after the first frame finds the work done.
    page.timers.forEach((timer) => timer.run());
    expect(page.added).toHaveLength(3);
  });

  it('starts anyway a while after the first frame if the paint is never reported', () => {
    const page = load(loader, { paintTiming: true });
    page.frames.forEach((frame) => frame());
    expect(page.timers.map((timer) => timer.ms)).toEqual([PAINT_REPORT_WAIT_MS]);
    page.timers[0]!.run();
    expect(page.added.map((element) => element.attributes.src ?? element.attributes.rel)).toEqual([ENTRY, 'manifest', 'apple-touch-icon']);
  });

  it('starts at the first key or pointer press before the paint is reported', () => {
    for (const type of ['pointerdown', 'keydown']) {
      const page = load(loader, { paintTiming: true });
      page.press(type);
      expect({ type, added: page.added.length }).toEqual({ type, added: 3 });
      page.paint('first-contentful-paint');
      expect(page.added).toHaveLength(3);
    }
  });

  it('starts after the first frame in a browser without paint timing', () => {
    const page = load(loader, { paintTiming: false });
    expect(page.added).toEqual([]);
    page.frames.forEach((frame) => frame());
    expect(page.timers.map((timer) => timer.ms)).toEqual([0]);
    page.timers[0]!.run();
    expect(page.added).toHaveLength(3);
  });

  it('refuses an index.html that is not what vite writes', () => {
    expect(() => paintFirstShell(builtIndexHtml().replace(/<script type="module"[^<]*<\/script>/, ''), readPublic)).toThrow(/no module script/);
    expect(() => paintFirstShell(builtIndexHtml().replace(/<link rel="icon"[^>]*>/, ''), readPublic)).toThrow(/favicon/);
  });

  it('refuses a loader that would end its own script element', () => {
    expect(() => paintFirstLoader([{ tag: 'script', attributes: { src: '/assets/</script>.js' } }])).toThrow(/cannot be inlined/);
  });
});

describe('what a head fetches before the first paint', () => {
  it('counts scripts with a source and fetched links, not canonical or alternate links, data URLs or the body', () => {
    const html = [
      '<html><head>',
      '<link rel="canonical" href="https://x.example/" />',
      '<link rel="alternate" hreflang="fr" href="https://x.example/fr" />',
      '<link rel="icon" href="data:image/svg+xml,%3Csvg%2F%3E" />',
      '<link rel="preload" as="font" href="/assets/font.woff2" />',
      '<script async src="/assets/a.js"></script>',
      '<script>inline()</script>',
      '</head><body><script src="/assets/late.js"></script></body></html>',
    ].join('');
    expect(prePaintRequests(html)).toEqual(['/assets/a.js', '/assets/font.woff2']);
  });
});
