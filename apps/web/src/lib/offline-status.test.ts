import { afterEach, describe, expect, it } from 'vitest';
import { getOfflineSnapshot, isOfflineMiss, noteAnswer, noteMiss, resetOfflineStatus, screenPath, showsOfflinePage } from './offline-status';

const saved = (at: number) => new Headers({ 'Peakwise-Saved-At': String(at) });

afterEach(() => {
  resetOfflineStatus();
  window.history.replaceState(null, '', '/');
});

describe('offline status', () => {
  it('keeps the oldest saved answer’s time, and ignores answers from the network', () => {
    window.history.replaceState(null, '', '/app/dashboard');
    noteAnswer(new Headers({ 'Content-Type': 'application/json' }));
    expect(getOfflineSnapshot().savedAt).toBeNull();
    noteAnswer(saved(2_000));
    noteAnswer(saved(1_000));
    noteAnswer(saved(3_000));
    expect(getOfflineSnapshot().savedAt).toBe(1_000);
    resetOfflineStatus();
    expect(getOfflineSnapshot().savedAt).toBeNull();
  });

  it('shows the offline page only on a screen that missed and got nothing saved', () => {
    window.history.replaceState(null, '', '/app/plumbing');
    noteMiss();
    window.history.replaceState(null, '', '/app/dashboard');
    noteAnswer(saved(1_000));
    // A screen with one saved answer and one miss still shows what it has.
    noteMiss();
    const status = getOfflineSnapshot();
    expect(showsOfflinePage(status, '/app/plumbing')).toBe(true);
    expect(showsOfflinePage(status, '/app/dashboard')).toBe(false);
    expect(showsOfflinePage(status, '/app/usage')).toBe(false);
  });

  it('puts a late answer on the screen its request was sent from, not the one open when it arrives', () => {
    window.history.replaceState(null, '', '/app/plumbing');
    const sentFrom = screenPath();
    window.history.replaceState(null, '', '/app/dashboard');
    noteMiss(sentFrom);
    expect(showsOfflinePage(getOfflineSnapshot(), '/app/dashboard')).toBe(false);
    expect(showsOfflinePage(getOfflineSnapshot(), '/app/plumbing')).toBe(true);
  });

  it('recognises only the worker’s own offline answer', () => {
    expect(isOfflineMiss(new Headers({ 'Peakwise-Offline': 'miss' }))).toBe(true);
    expect(isOfflineMiss(new Headers())).toBe(false);
  });
});
