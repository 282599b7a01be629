import { describe, expect, it, vi } from 'vitest';
import { emitSessionEvent, onSessionEvent, sessionTransition } from './session-events';

const alex = { id: 'u1' };
const sam = { id: 'u2' };

describe('sessionTransition', () => {
  it('says nothing until the first answer, then INITIAL_SESSION either way', () => {
    expect(sessionTransition(undefined, undefined)).toEqual([]);
    expect(sessionTransition(undefined, null)).toEqual(['INITIAL_SESSION']);
    expect(sessionTransition(undefined, alex)).toEqual(['INITIAL_SESSION']);
  });
  it('signs in, signs out, and treats another member as out-then-in', () => {
    expect(sessionTransition(null, alex)).toEqual(['SIGNED_IN']);
    expect(sessionTransition(alex, null)).toEqual(['SIGNED_OUT']);
    expect(sessionTransition(alex, sam)).toEqual(['SIGNED_OUT', 'SIGNED_IN']);
  });
  it('is quiet when nothing changed', () => {
    expect(sessionTransition(null, null)).toEqual([]);
    expect(sessionTransition(alex, { id: 'u1' })).toEqual([]);
  });
});

describe('onSessionEvent', () => {
  it('delivers events until unsubscribed, and one failing listener does not stop the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = onSessionEvent(() => {
      throw new Error('boom');
    });
    const heard = vi.fn();
    const off = onSessionEvent(heard);
    emitSessionEvent('SIGNED_OUT', null);
    expect(heard).toHaveBeenCalledWith('SIGNED_OUT', null);
    off();
    broken();
    emitSessionEvent('SIGNED_IN', null);
    expect(heard).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
