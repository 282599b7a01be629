import { describe, expect, it } from 'vitest';
import type { EventAction } from './event-status';
import { EVENT_STATUSES, isEventStatus, nextEventStatus } from './event-status';

describe('event status', () => {
  it('allows exactly the moves of the life cycle and refuses every other', () => {
    const actions: EventAction[] = ['start', 'end', 'settle', 'cancel'];
    const allowed = EVENT_STATUSES.flatMap((from) =>
      actions.flatMap((action) => {
        const next = nextEventStatus(from, action);
        return next.ok ? [`${from} -${action}-> ${next.status}`] : [];
      }),
    );
    expect(allowed).toEqual([
      'scheduled -start-> active',
      'scheduled -cancel-> cancelled',
      'active -end-> ended',
      'active -cancel-> cancelled',
      'ended -settle-> settled',
      'settled -settle-> settled',
    ]);
  });

  it('says what was refused', () => {
    expect(nextEventStatus('ended', 'cancel')).toEqual({ ok: false, error: 'illegal_transition', from: 'ended', action: 'cancel' });
    expect(nextEventStatus('cancelled', 'start').ok).toBe(false);
    expect(nextEventStatus('scheduled', 'settle').ok).toBe(false);
    expect(isEventStatus('active')).toBe(true);
    expect(isEventStatus('paused')).toBe(false);
  });
});
