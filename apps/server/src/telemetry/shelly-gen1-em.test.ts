import { describe, expect, it } from 'vitest';
import { canPublishGen1, canSubscribeGen1, parseGen1Topic, parseGen1Value, shellyGen1Id } from './shelly-gen1-em';
import { canPublish, canSubscribe } from './topics';

const H = '6f1c2b1e-0000-4000-8000-000000000001';
const OTHER = '7a2d3c4f-0000-4000-8000-000000000002';

describe('a first-generation Shelly EM’s topics', () => {
  it('names the id the pairing screen shows as the client id', () => {
    expect(shellyGen1Id(H, 'plug-0a1b2c3d4e')).toBe('plug-0a1b2c3d4e-6f1c2b1e');
  });

  it('reads power, total and total_returned of channels 0 and 1 only', () => {
    expect(parseGen1Topic('shellies/em-6f1c2b1e/emeter/0/power')).toEqual({ gen1Id: 'em-6f1c2b1e', channel: 0, leaf: 'power' });
    expect(parseGen1Topic('shellies/em-6f1c2b1e/emeter/1/total_returned')).toEqual({ gen1Id: 'em-6f1c2b1e', channel: 1, leaf: 'total_returned' });
    for (const topic of [
      'shellies/em-6f1c2b1e/emeter/2/power',
      'shellies/em-6f1c2b1e/emeter/0/energy',
      'shellies/em-6f1c2b1e/emeter/0/voltage',
      'shellies/em-6f1c2b1e/relay/0',
      'shellies/em-6f1c2b1e/emeter/0/power/x',
      'shellies/em+/emeter/0/power',
      'peakwise/em/emeter/0/power',
    ]) {
      expect([topic, parseGen1Topic(topic)]).toEqual([topic, null]);
    }
  });

  it('reads a plain number; a total below zero, a word or JSON is refused, a negative power is not', () => {
    const value = (leaf: 'power' | 'total', text: string) => parseGen1Value(leaf, Buffer.from(text));
    expect(value('power', '1480.25')).toEqual({ ok: true, value: 1480.25 });
    expect(value('power', '-312.5')).toEqual({ ok: true, value: -312.5 });
    expect(value('total', ' 123456.7\n')).toEqual({ ok: true, value: 123456.7 });
    expect(value('total', '-1')).toMatchObject({ ok: false, reason: 'negative' });
    expect(value('total', '1e999')).toMatchObject({ ok: false, reason: 'not_finite' });
    expect(value('total', 'NaN')).toMatchObject({ ok: false, reason: 'invalid_payload' });
    expect(value('power', '{"power":1}')).toMatchObject({ ok: false, reason: 'invalid_payload' });
    expect(value('power', '')).toMatchObject({ ok: false, reason: 'invalid_payload' });
  });
});

describe('the broker rule for the Gen1 tree', () => {
  const own = shellyGen1Id(H, 'em-1');

  it('lets a device login publish under its own id and announce itself, nowhere else', () => {
    expect(canPublishGen1(`shellies/${own}/emeter/0/power`, own)).toBe(true);
    expect(canPublishGen1(`shellies/${own}/online`, own)).toBe(true);
    expect(canPublishGen1('shellies/announce', own)).toBe(true);
    expect(canPublishGen1(`shellies/${shellyGen1Id(OTHER, 'em-1')}/emeter/0/power`, own)).toBe(false);
    expect(canPublishGen1('shellies/em-1/emeter/0/power', own)).toBe(false);
    expect(canPublishGen1(`shellies/${own}-x/emeter/0/power`, own)).toBe(false);
    expect(canPublishGen1(`shellies/${own}/emeter/+/power`, own)).toBe(false);
    expect(canPublishGen1(`shellies/${own}/emeter/0/power`, undefined)).toBe(false);
  });

  it('lets it listen under its own id and to the firmware’s broadcast, nowhere else', () => {
    expect(canSubscribeGen1(`shellies/${own}/relay/0/command`, own)).toBe(true);
    expect(canSubscribeGen1(`shellies/${own}/#`, own)).toBe(true);
    expect(canSubscribeGen1('shellies/command', own)).toBe(true);
    expect(canSubscribeGen1('shellies/#', own)).toBe(false);
    expect(canSubscribeGen1('shellies/+/emeter/0/power', own)).toBe(false);
    expect(canSubscribeGen1(`shellies/${own}/#/x`, own)).toBe(false);
    expect(canSubscribeGen1('shellies/announce', own)).toBe(false);
  });

  it('is the rule canPublish and canSubscribe apply: a device login’s own id, never a household login', () => {
    expect(canPublish(H, `shellies/${own}/emeter/1/total`, 'em-1')).toBe(true);
    expect(canPublish(H, `shellies/${own}/emeter/1/total`)).toBe(false);
    expect(canPublish(OTHER, `shellies/${own}/emeter/1/total`, 'em-1')).toBe(false);
    expect(canPublish(H, `shellies/${own}/emeter/1/total`, 'em-2')).toBe(false);
    expect(canSubscribe(H, `shellies/${own}/relay/0/command`, 'em-1')).toBe(true);
    expect(canSubscribe(H, 'shellies/command')).toBe(false);
  });
});
