/**
 * What the app dispatches on the document once it is live, for a prerendered page's loader to make
 * again the presses it held meanwhile (prerender/public-page-loader.ts, decision 077).
 */
export const APP_LIVE_EVENT = 'peakwise:app-live';

/** Set on #root at the same moment: the page's controls now answer (the journeys wait for it). */
export const APP_LIVE_ATTRIBUTE = 'data-app-live';
