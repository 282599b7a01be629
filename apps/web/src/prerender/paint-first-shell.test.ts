import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { IDLE_START_TIMEOUT_MS, PAINT_REPORT_WAIT_MS, paintFirstShell, prePaintRequests } from './paint-first-shell';
import { publicPageLoaderSource } from './public-page-loader';

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

/** What starts the app: the entry's own imports preloaded, then the entry. */
const APP: Added[] = [
  { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/react-dom-Zz9.js' } },
  { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/i18n-Yy8.js' } },
  { tag: 'script', attributes: { type: 'module', crossorigin: '', src: ENTRY } },
];

const readPublic = (path: string) => readFileSync(join(WEB, 'public', path), 'utf8');

type Added = { tag: string; attributes: Record<string, string> };
type Listener = (event: FakeEvent) => void;
type FakeEvent = { type: string; target: unknown; prevented: boolean; stopped: boolean; preventDefault(): void; stopImmediatePropagation(): void };

/** An element of the page as far as the loader looks at it. */
type FakeElement = { tagName: string; isConnected: boolean; pressed: string[]; closest(selector: string): FakeElement | null; click(): void; requestSubmit(): void };

function element(tagName: string, options: { connected?: boolean } = {}): FakeElement {
  const self: FakeElement = {
    tagName,
    isConnected: options.connected ?? true,
    pressed: [],
    closest: (selector) => (selector.split(', ').includes(tagName.toLowerCase()) ? self : null),
    click: () => self.pressed.push('click'),
    requestSubmit: () => self.pressed.push('submit'),
  };
  return self;
}

/**
 * A text field or a select as far as the loader and React's value tracking look at it: setting
 * `value` on the element is what React records as the value it knows; the prototype's setter
 * changes what is on screen without React knowing.
 */
function field(tagName: 'INPUT' | 'SELECT', value: string) {
  class Base {
    shown = value;
    set value(v: string) {
      this.shown = v;
    }
    get value() {
      return this.shown;
    }
  }
  const known = { value };
  const reported: { type: string; changed: boolean; value: string }[] = [];
  const self = Object.assign(new Base(), {
    tagName,
    type: tagName === 'SELECT' ? 'select-one' : 'text',
    isConnected: true,
    reported,
    closest: () => null,
    dispatchEvent: (event: { type: string }) => reported.push({ type: event.type, changed: self.shown !== known.value, value: self.shown }),
  });
  Object.defineProperty(self, 'value', {
    get: () => self.shown,
    set: (v: string) => {
      known.value = v;
      self.shown = v;
    },
  });
  return self;
}

/**
 * Runs a loader as a browser would, with the clock, frames, paint reports, the visitor's language
 * and its presses in the test's hands.
 */
function load(
  source: string,
  options: {
    paintTiming?: boolean;
    path?: string;
    search?: string;
    pageLanguage?: string;
    stored?: string | null;
    browser?: string[];
    /** The document's state when the loader runs its checks (`loading` unless said). */
    readyState?: string;
    saveData?: boolean;
    /** Whether the browser has requestIdleCallback (Safari has not). */
    idleCallbacks?: boolean;
  } = {},
) {
  const added: Added[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const idle: { run: () => void; timeout: number | undefined }[] = [];
  const requestIdleCallback = (run: () => void, idleOptions?: { timeout?: number }) => idle.push({ run, timeout: idleOptions?.timeout });
  const withIdle = options.idleCallbacks === false ? {} : { requestIdleCallback };
  const listeners: { type: string; listener: Listener }[] = [];
  const documentListeners: { type: string; listener: Listener }[] = [];
  let report: ((entries: string[]) => void) | undefined;
  let observed: unknown;
  let disconnected = false;
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, observer: FakeObserver) => void) {
      report = (names) => this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, this);
    }
    observe(observeOptions: unknown) {
      observed = observeOptions;
    }
    disconnect() {
      disconnected = true;
    }
  }
  const pageLanguage = options.pageLanguage ?? 'en';
  // The loader runs in the head: the body, #root with it, is there once the page has painted.
  let parsed = false;
  runInNewContext(source, {
    document: {
      head: { append: ({ tag, attributes }: Added) => added.push({ tag, attributes }) },
      documentElement: { lang: pageLanguage },
      getElementById: (id: string) => (id === 'root' && parsed ? { dataset: { prerenderedLanguage: pageLanguage } } : null),
      createElement: (tag: string) => {
        const attributes: Record<string, string> = {};
        return { tag, attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
      },
      addEventListener: (type: string, listener: Listener) => documentListeners.push({ type, listener }),
      readyState: options.readyState ?? 'loading',
    },
    window: { ...(options.paintTiming === false ? {} : { PerformanceObserver: FakeObserver }), ...withIdle },
    ...withIdle,
    location: { pathname: options.path ?? '/', search: options.search ?? '' },
    navigator: {
      languages: options.browser ?? ['en-US', 'en'],
      language: (options.browser ?? ['en-US'])[0],
      ...(options.saveData ? { connection: { saveData: true } } : {}),
    },
    localStorage: { getItem: () => options.stored ?? null },
    URLSearchParams,
    Event: class {
      constructor(readonly type: string) {}
    },
    requestAnimationFrame: (callback: () => void) =>
      frames.push(() => {
        parsed = true;
        callback();
      }),
    addEventListener: (type: string, listener: Listener) => listeners.push({ type, listener }),
    setTimeout: (callback: () => void, ms = 0) => timers.push({ run: callback, ms }),
  });
  const dispatch = (type: string, target: unknown = null) => {
    const event: FakeEvent = {
      type,
      target,
      prevented: false,
      stopped: false,
      preventDefault: () => void (event.prevented = true),
      stopImmediatePropagation: () => void (event.stopped = true),
    };
    for (const l of listeners.filter((l) => l.type === type)) l.listener(event);
    return event;
  };
  /** The app's live event alone: what it queues stays queued. */
  const liveEvent = () => {
    for (const l of documentListeners.filter((l) => l.type === 'peakwise:app-live')) l.listener(dispatch('none'));
  };
  /** Up to `tasks` of the queued tasks, in order, each with what it queues in turn (all by default). */
  const runTasks = (tasks = Infinity) => {
    for (let n = 0; n < tasks && timers.length > 0; n++) timers.shift()!.run();
  };
  return {
    added,
    app: () => added.filter((a) => a.tag === 'script').length,
    frames,
    timers,
    idle,
    observed: () => observed,
    disconnected: () => disconnected,
    paint: (...names: string[]) => {
      parsed = true;
      report?.(names);
    },
    dispatch,
    liveEvent,
    runTasks,
    /** The app's live event, then `tasks` of the tasks queued (all by default). */
    live: (tasks = Infinity) => {
      liveEvent();
      runTasks(tasks);
    },
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
    // The loader names the preloads it adds later; the head itself has none.
    expect(shell).not.toMatch(/<link rel="modulepreload"/);
    expect(shell).not.toContain('rel="manifest"');
    expect(shell).not.toContain('rel="apple-touch-icon"');
  });

  it('has the favicon as a data URL of the built file, and keeps the theme colour', () => {
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(shell)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(readPublic('/favicon.svg').trim());
    expect(shell).toContain('<meta name="theme-color" content="#047857" />');
  });

  it('adds the manifest and the touch icon once the first contentful paint is reported, and only once; not the app', () => {
    const page = load(loader);
    expect(page.observed()).toEqual({ type: 'paint', buffered: true });
    expect(page.added).toEqual([]);
    page.frames.forEach((frame) => frame());
    expect(page.added).toEqual([]);
    page.paint('first-paint');
    expect(page.added).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.added).toEqual([
      { tag: 'link', attributes: { rel: 'manifest', href: '/manifest.webmanifest' } },
      { tag: 'link', attributes: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' } },
    ]);
    expect(page.disconnected()).toBe(true);
    // The fallback after the first frame finds the work done.
    page.timers.forEach((timer) => timer.run());
    expect(page.added).toHaveLength(2);
  });

  it('starts the app at the first sign of a visitor reaching for a control, once', () => {
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin']) {
      const page = load(loader);
      page.paint('first-contentful-paint');
      expect(page.app()).toBe(0);
      page.dispatch(type);
      expect({ type, added: page.added }).toEqual({
        type,
        added: [
          { tag: 'link', attributes: { rel: 'manifest', href: '/manifest.webmanifest' } },
          { tag: 'link', attributes: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' } },
          ...APP,
        ],
      });
      page.dispatch('keydown');
      page.dispatch('pointerdown');
      expect(page.app()).toBe(1);
    }
  });

  it('starts the app in idle time once the page has painted and loaded, and not before (decision 092)', () => {
    const page = load(loader);
    page.frames.forEach((frame) => frame());
    page.paint('first-contentful-paint');
    page.timers.forEach((timer) => timer.run());
    page.dispatch('scroll');
    // A cursor resting over the page as it is laid out.
    page.dispatch('pointerover');
    page.dispatch('pointermove');
    expect({ app: page.app(), idle: page.idle.length }).toEqual({ app: 0, idle: 0 });
    page.dispatch('load');
    expect(page.idle.map((task) => task.timeout)).toEqual([IDLE_START_TIMEOUT_MS]);
    expect(page.app()).toBe(0);
    page.idle.shift()!.run();
    expect(page.added.slice(2)).toEqual(APP);
    // A press afterwards starts nothing more.
    page.dispatch('pointerdown');
    expect(page.app()).toBe(1);
  });

  it('asks for idle time at the paint when the page had already loaded', () => {
    const page = load(loader, { readyState: 'complete' });
    page.paint('first-contentful-paint');
    expect(page.idle).toHaveLength(1);
    page.idle[0]!.run();
    expect(page.app()).toBe(1);
  });

  it('starts the app in a task of its own after the load in a browser without idle callbacks', () => {
    const page = load(loader, { idleCallbacks: false });
    page.paint('first-contentful-paint');
    page.dispatch('load');
    expect(page.app()).toBe(0);
    page.runTasks();
    expect(page.app()).toBe(1);
  });

  it('waits for a press before starting the app for a visitor who asked to save data', () => {
    const page = load(loader, { saveData: true });
    page.paint('first-contentful-paint');
    page.dispatch('load');
    page.runTasks();
    expect({ app: page.app(), idle: page.idle.length }).toEqual({ app: 0, idle: 0 });
    page.dispatch('pointerdown');
    expect(page.app()).toBe(1);
  });

  it('starts the app at the paint when the page must change at once: another language to show, or a dialog asked for', () => {
    const cases = [
      { name: 'a stored choice of Spanish', options: { stored: 'es' }, atOnce: true },
      { name: 'a French browser on the English page', options: { browser: ['fr-CA', 'en'] }, atOnce: true },
      { name: 'a German browser that also reads French', options: { browser: ['de-DE', 'fr'] }, atOnce: true },
      { name: 'a sign-in link', options: { search: '?auth=login' }, atOnce: true },
      { name: 'an English browser', options: { browser: ['en-CA'] }, atOnce: false },
      { name: 'a German browser (English is the fallback)', options: { browser: ['de-DE'] }, atOnce: false },
      { name: 'the French page in an English browser (its URL says French)', options: { path: '/fr/help', pageLanguage: 'fr' }, atOnce: false },
      { name: 'the French page with English stored', options: { path: '/fr', pageLanguage: 'fr', stored: 'en' }, atOnce: false },
      { name: 'a stored English on the English page in a French browser', options: { stored: 'en', browser: ['fr'] }, atOnce: false },
    ];
    for (const { name, options, atOnce } of cases) {
      const page = load(loader, options);
      page.paint('first-contentful-paint');
      expect({ name, app: page.app() }).toEqual({ name, app: atOnce ? 1 : 0 });
    }
  });

  it('holds a press on a button before the app is live and makes it again, once, when it is', () => {
    const page = load(loader);
    page.paint('first-contentful-paint');
    const button = element('BUTTON');
    const gone = element('BUTTON', { connected: false });
    const form = element('FORM');
    const link = element('A');
    const first = page.dispatch('click', button);
    expect(first).toMatchObject({ prevented: true, stopped: true });
    expect(page.app()).toBe(1);
    page.dispatch('click', button);
    page.dispatch('click', gone);
    expect(page.dispatch('submit', form)).toMatchObject({ prevented: true, stopped: true });
    // A link navigates without the app.
    expect(page.dispatch('click', link)).toMatchObject({ prevented: false, stopped: false });
    expect(button.pressed).toEqual([]);
    page.live();
    expect(button.pressed).toEqual(['click']);
    expect(form.pressed).toEqual(['submit']);
    expect(gone.pressed).toEqual([]);
    // Live: the app's own handlers answer.
    expect(page.dispatch('click', button)).toMatchObject({ prevented: false, stopped: false });
    page.live();
    expect(button.pressed).toEqual(['click']);
  });

  it('holds a press that comes after the app says it is live but before the fields are given back, and makes it after them', () => {
    const page = load(loader);
    const postal = field('INPUT', '');
    const check = element('BUTTON');
    postal.shown = 'M5V 3L9';
    page.dispatch('input', postal);
    postal.value = 'M5V 3L9';
    page.liveEvent();
    // The click of a press whose pointerdown came before the app was live.
    expect(page.dispatch('click', check)).toMatchObject({ prevented: true, stopped: true });
    page.runTasks();
    expect(postal.reported).toEqual([{ type: 'input', changed: true, value: 'M5V 3L9' }]);
    expect(check.pressed).toEqual(['click']);
  });

  it('gives the app back what was typed or chosen before it was live, as a change its listeners see, then makes the held press', () => {
    const page = load(loader);
    const postal = field('INPUT', '');
    const language = field('SELECT', 'en');
    const check = element('BUTTON');
    // Typed on screen, without a press the loader saw (set by a script) (what React found at hydration and takes as known), and a language chosen.
    postal.shown = 'M5V 3L9';
    page.dispatch('input', postal);
    expect(page.app()).toBe(1);
    language.shown = 'fr';
    page.dispatch('change', language);
    page.dispatch('click', check);
    expect(page.app()).toBe(1);
    // Hydration: React sets the select from its own state, and knows the field's value as what it found.
    language.shown = 'en';
    postal.value = 'M5V 3L9';
    page.live(1);
    expect(postal.reported).toEqual([{ type: 'input', changed: true, value: 'M5V 3L9' }]);
    expect(language.reported.map(({ type, value }) => ({ type, value }))).toEqual([{ type: 'change', value: 'fr' }]);
    // Not in the task that gave the values back: the app applies them after it, and a press
    // made within it reaches handlers that still hold the old ones.
    expect(check.pressed).toEqual([]);
    page.runTasks();
    expect(check.pressed).toEqual(['click']);
    // Once live, the app's own listeners have every later edit.
    page.dispatch('input', postal);
    page.live();
    expect(postal.reported).toHaveLength(1);
  });

  it('adds the manifest anyway a while after the first frame if the paint is never reported', () => {
    const page = load(loader);
    page.frames.forEach((frame) => frame());
    expect(page.timers.map((timer) => timer.ms)).toEqual([PAINT_REPORT_WAIT_MS]);
    page.timers[0]!.run();
    expect(page.added.map((element) => element.attributes.rel)).toEqual(['manifest', 'apple-touch-icon']);
  });

  it('adds the manifest after the first frame in a browser without paint timing', () => {
    const page = load(loader, { paintTiming: false });
    expect(page.added).toEqual([]);
    page.frames.forEach((frame) => frame());
    expect(page.timers.map((timer) => timer.ms)).toEqual([0]);
    page.timers[0]!.run();
    expect(page.added).toHaveLength(2);
  });

  it('refuses an index.html that is not what vite writes', () => {
    expect(() => paintFirstShell(builtIndexHtml().replace(/<script type="module"[^<]*<\/script>/, ''), readPublic)).toThrow(/no module script/);
    expect(() => paintFirstShell(builtIndexHtml().replace(/<link rel="icon"[^>]*>/, ''), readPublic)).toThrow(/favicon/);
  });

  it('refuses a loader that would end its own script element', () => {
    const options = { afterPaint: [], paintWaitMs: 0, idleStartTimeoutMs: 0, languages: ['en'], storageKey: 'k', liveEvent: 'e' };
    expect(() => publicPageLoaderSource({ ...options, app: [{ tag: 'script', attributes: { src: '/assets/</script>.js' } }] })).toThrow(/cannot be inlined/);
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
