/**
 * The script inlined in a prerendered public page (docs/decisions/092-public-pages-start-the-app-in-idle-time.md,
 * which follows docs/decisions/077-public-pages-start-the-app-when-asked.md).
 *
 * A prerendered page is complete as HTML: a visitor reads it and follows its links without any
 * JavaScript. The app (React, the router, i18next) is only needed for the page's controls, so it
 * is not fetched for the first paint; it starts in the browser's first idle time after the page
 * has painted and loaded, so that it is live before a visitor reaches for a control. If the
 * visitor reaches first, it starts then, and a press made before the app is live is held and
 * made again once it is. Pages that must change at once (a visitor who reads another language
 * than the page's, a URL asking for a dialog, `?auth=`) start the app at the first paint.
 */

/** An element the page adds to its head after its first paint, not for it. */
export type DeferredElement = { tag: 'script' | 'link'; attributes: Record<string, string> };

export type LoaderOptions = {
  /** The app's entry and its preloads: added in idle time after the load, when the visitor first reaches for a control, or at once (see above). */
  app: readonly DeferredElement[];
  /** Added once the first contentful paint is reported: the manifest and the touch icon. */
  afterPaint: readonly DeferredElement[];
  /** How long after the first frame to go on without a paint report (a browser that never sends one). */
  paintWaitMs: number;
  /** The longest an idle start waits for the browser to be idle once the page has loaded. */
  idleStartTimeoutMs: number;
  /** The app's languages and where a visitor's choice is kept: the same detection as lib/i18n.ts. */
  languages: readonly string[];
  storageKey: string;
  /** Dispatched on the document by the app once it is live (app/app.tsx). */
  liveEvent: string;
  /** Events that mean a visitor is about to use a control: the app starts at the first of them. */
  intentEvents: readonly string[];
  /** What a click made before the app is live is held for and made again on. */
  heldClicks: string;
};

/**
 * A press of the pointer, a touch, a key, or focus moving into the page. Not hovering: Chromium
 * sends a pointer over the page as soon as it is laid out under a resting cursor, so every
 * desktop visit would start the app at once.
 */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'];

/** The page's buttons; not links, which need no app (they navigate). */
export const HELD_CLICKS = 'button, [role="button"], summary, input[type="submit"], input[type="button"]';

/**
 * Runs in the page, written out as its own source (`publicPageLoaderSource`): it may use nothing
 * from outside its body but its options.
 */
export function publicPageLoader(options: LoaderOptions): void {
  const doc = document;
  const add = (elements: readonly DeferredElement[]) => {
    for (const { tag, attributes } of elements) {
      const element = doc.createElement(tag);
      for (const name in attributes) element.setAttribute(name, attributes[name]!);
      doc.head.append(element);
    }
  };
  // Whether the page must change at once. Asked after the first paint: this script runs in the
  // head, before the body (and #root) is parsed. The language the app will show is found as its
  // detector finds it: the URL's first segment, the stored choice, the browser's languages, then
  // the page's own.
  const supported = (code: string | null | undefined) => {
    const base = String(code ?? '').toLowerCase().split('-')[0]!;
    return options.languages.includes(base) ? base : undefined;
  };
  const appAtOnce = () => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(options.storageKey);
    } catch {
      // Storage refused (a privacy setting): the detector goes on without it too.
    }
    const browserLanguages: readonly string[] = navigator.languages ?? [navigator.language];
    const visitor =
      supported(location.pathname.split('/')[1]) ?? supported(stored) ?? browserLanguages.map(supported).find(Boolean) ?? doc.documentElement.lang;
    const page = doc.getElementById('root')?.dataset.prerenderedLanguage;
    return !page || visitor !== page || new URLSearchParams(location.search).has('auth');
  };

  let painted = false;
  let started = false;
  let live = false;
  const held: Element[] = [];
  const afterPaint = () => {
    if (painted) return;
    painted = true;
    add(options.afterPaint);
    if (appAtOnce()) startApp();
    else startWhenIdle();
  };
  const startApp = () => {
    afterPaint();
    if (started) return;
    started = true;
    add(options.app);
  };
  // Once the page has loaded, in the browser's first idle period: the app's evaluation and
  // hydration then share the main thread with nothing the visitor waits for, and the app is
  // usually live before the first press (decision 092). A visitor who asked the browser to save
  // data gets it only when reaching for a control, as before.
  const startWhenIdle = () => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    if (connection?.saveData) return;
    const idle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(startApp, { timeout: options.idleStartTimeoutMs });
      else setTimeout(startApp, 0);
    };
    if (doc.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  };

  // A PerformanceObserver's callback runs after the paint it reports, so nothing it adds can
  // finish before that paint (decision 070).
  const Observer = window.PerformanceObserver;
  const paintTiming = !!Observer && (Observer.supportedEntryTypes ?? []).includes('paint');
  if (paintTiming) {
    new Observer((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterPaint();
    }).observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(() => setTimeout(afterPaint, paintTiming ? options.paintWaitMs : 0));
  for (const type of options.intentEvents) addEventListener(type, startApp, { once: true, capture: true, passive: true });

  // Until the app is live, a press on a button or a form's submission is held, not lost: the
  // page's own handlers are not attached yet. Each is made again, in order, once it is, after the
  // fields typed into or chosen meanwhile have been given back to the app.
  const hold = (event: Event, target: Element | null | undefined) => {
    if (live || !target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
    startApp();
  };
  addEventListener('click', (event) => hold(event, (event.target as Element | null)?.closest?.(options.heldClicks)), true);
  addEventListener('submit', (event) => hold(event, event.target as Element | null), true);
  const edited = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>();
  const edit = (event: Event) => {
    const field = event.target as HTMLInputElement | null;
    if (live || !field || !/^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName) || field.type === 'checkbox' || field.type === 'radio') return;
    edited.set(field, field.value);
    // A value set without a press (a script, an assistive tool): the control was reached all the same.
    startApp();
  };
  addEventListener('input', edit, true);
  addEventListener('change', edit, true);
  doc.addEventListener(
    options.liveEvent,
    () => {
      setTimeout(() => {
        // Live from here, not from the event: a press that comes between the two (a click whose
        // pointerdown came before the event) is still held, or it would reach the app before the
        // fields below are given back and send what the app last knew of them (an empty field).
        live = true;
        // A field changed before the app was live: the app rendered it from its own state, which
        // never heard of the change. Put the visitor's value back and report it as the app's own
        // listeners expect: a select's change; for text, React keeps the value it last set on the
        // element and reports an input only when the element's value differs from it, so set it
        // through the element first (React sees that) and the visitor's value under it (it does not).
        for (const [field, value] of edited) {
          if (!field.isConnected) continue;
          if (field.tagName === 'SELECT') {
            field.value = value;
            field.dispatchEvent(new Event('change', { bubbles: true }));
            continue;
          }
          field.value = value === '' ? ' ' : '';
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
        edited.clear();
        // React applies those values in its own later work (a microtask, or after the hydration
        // still under way), not within the events above: a press made in this same task reached
        // handlers that still held the old values and sent an empty field. So the held presses
        // are made in the next task.
        setTimeout(() => {
          for (const target of held.splice(0)) {
            if (!target.isConnected) continue;
            if (target.tagName === 'FORM') (target as HTMLFormElement).requestSubmit();
            else (target as HTMLElement).click();
          }
        });
      });
    },
    { once: true },
  );
}

/**
 * The loader as the text of an inline script, with this module's own constants (the events and
 * clicks it watches) passed in, since the inlined function cannot see them.
 */
export function publicPageLoaderSource(options: Omit<LoaderOptions, 'intentEvents' | 'heldClicks'>): string {
  const all: LoaderOptions = { ...options, intentEvents: INTENT_EVENTS, heldClicks: HELD_CLICKS };
  const source = `(${publicPageLoader.toString()})(${JSON.stringify(all)})`;
  // Inlined as it is: nothing in it may end the script element or open a comment in it.
  if (/<\/|<!--/.test(source)) throw new Error('The public page loader cannot be inlined: it contains "</" or "<!--"');
  return source;
}
