import { pairedDeviceSchema, type PairedDevice } from '@peakwise/contracts/device-management.contract';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';

/** Pairs a device through the API as the member does, and what the pairing screen is given. */
export async function pairDevice(t: TestApp, member: Member, body: Record<string, unknown>, origin?: string): Promise<PairedDevice> {
  const res = await t.app.request('/api/devices', { method: 'POST', headers: asMember(member, origin ? { origin } : {}), body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return pairedDeviceSchema.parse(await res.json());
}
