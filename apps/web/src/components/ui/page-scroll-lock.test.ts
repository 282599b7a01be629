import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lockPageScroll } from './page-scroll-lock';

const overflow = () => document.body.style.overflow;
const microtasks = () => Promise.resolve();

describe('lockPageScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    document.body.style.overflow = '';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops the page only after the frame that shows the dialog, and lets it go on release', async () => {
    const release = lockPageScroll();
    expect(overflow()).toBe('');
    vi.advanceTimersToNextFrame();
    // The frame's callbacks have run; the page is still as it was while that frame is drawn.
    expect(overflow()).toBe('');
    vi.runOnlyPendingTimers();
    expect(overflow()).toBe('hidden');
    release();
    await microtasks();
    expect(overflow()).toBe('');
  });

  it('keeps the page still, with no frame let go, when one dialog opens another', async () => {
    const releaseLogin = lockPageScroll();
    vi.runAllTimers();
    expect(overflow()).toBe('hidden');
    // A switch: the closing dialog's effect lets go, the opening one's takes hold, in one change.
    releaseLogin();
    const releaseSignUp = lockPageScroll();
    await microtasks();
    expect(overflow()).toBe('hidden');
    vi.runAllTimers();
    expect(overflow()).toBe('hidden');
    releaseSignUp();
    await microtasks();
    expect(overflow()).toBe('');
  });

  it('never stops the page for a dialog closed before its first frame', async () => {
    const release = lockPageScroll();
    release();
    await microtasks();
    vi.runAllTimers();
    expect(overflow()).toBe('');
  });

  it('puts back what the page had, and a second release changes nothing', async () => {
    document.body.style.overflow = 'clip';
    const release = lockPageScroll();
    vi.runAllTimers();
    expect(overflow()).toBe('hidden');
    release();
    await microtasks();
    expect(overflow()).toBe('clip');
    const other = lockPageScroll();
    release();
    vi.runAllTimers();
    await microtasks();
    expect(overflow()).toBe('hidden');
    other();
    await microtasks();
    expect(overflow()).toBe('clip');
  });
});
