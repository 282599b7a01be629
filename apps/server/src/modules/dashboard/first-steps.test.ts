import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '@peakwise/contracts/energy.contract';
import { firstStepsSchema, type FirstStepId } from '@peakwise/contracts/first-steps.contract';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, cookieHeader, createMember, signInAgain, type Member } from '../../test/test-session';
import { putSeededProfile } from '../demo/seeded-accounts.repository';
import { createDevice } from '../devices/devices.repository';
import { intervals, local, memberWithHousehold, store } from '../energy/energy.test-helper';

let now = new Date('2026-01-15T19:37:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const call = (member: Member, method: string, path: string, body?: unknown) =>
  t.app.request(path, { method, headers: asMember(member), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const steps = async (member: Member) => {
  const res = await call(member, 'GET', '/api/dashboard/first-steps');
  expect(res.status).toBe(200);
  const body = firstStepsSchema.parse(await res.json());
  return { done: Object.fromEntries(body.steps.map((s) => [s.id, s.done])) as Record<FirstStepId, boolean>, dismissed: body.dismissed };
};

const firstVisit = async (member: Member) => {
  const res = await call(member, 'GET', '/api/dashboard');
  expect(res.status).toBe(200);
  return dashboardSchema.parse(await res.json()).firstVisit;
};

const verifyEmailsTo = async (email: string) => {
  await t.accounts.mailer.settle();
  return Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from email_outbox where "to" = ${email} and kind = 'verify-email'`))[0]!.n);
};

describe('first visit', () => {
  it('"Welcome" in the session of the first sign-in, "Welcome back" in every later one, the first staying first', async () => {
    const member = await createMember(t.app);
    expect(await firstVisit(member)).toBe(true);
    expect(await firstVisit(member)).toBe(true); // a reload in the same session

    const again = await signInAgain(t.app, member);
    expect(again.status).toBe(200);
    const secondDevice = { ...member, cookie: cookieHeader(again) };
    expect(await firstVisit(secondDevice)).toBe(false);
    expect(await firstVisit(member)).toBe(true);
  });

  it('a member from before first sessions were kept is welcomed back', async () => {
    const member = await createMember(t.app);
    await t.database.db.execute(sql`update profiles set first_session_id = null where id = ${member.userId}`);
    expect(await firstVisit(member)).toBe(false);
  });
});

describe('GET /api/dashboard/first-steps', () => {
  it('each step flips from the rows that do it', async () => {
    const { member } = await memberWithHousehold(t);
    const db = t.database.db;
    // Email for events is on until the member turns it off (decision 035): a new member hears of events.
    expect(await steps(member)).toEqual({ done: { confirmEmail: false, freePlug: false, connectData: false, eventNotifications: true, eventOptIn: false }, dismissed: false });

    await db.execute(sql`update users set email_verified = true where id = ${member.userId}`);
    expect((await steps(member)).done.confirmEmail).toBe(true);

    // Notifications: email turned off leaves none; SMS on but unverified reaches nobody; verified, it does.
    expect((await call(member, 'PUT', '/api/notification-preferences', { channels: { email: { events: false } } })).status).toBe(200);
    expect((await steps(member)).done.eventNotifications).toBe(false);
    await db.execute(sql`insert into notification_preferences (user_id, channel, kind, enabled) values (${member.userId}, 'sms', 'events', true)`);
    await db.execute(sql`insert into notification_phones (user_id, phone) values (${member.userId}, '+14165550100')`);
    expect((await steps(member)).done.eventNotifications).toBe(false);
    await db.execute(sql`update notification_phones set verified_at = now() where user_id = ${member.userId}`);
    expect((await steps(member)).done.eventNotifications).toBe(true);

    const optIn = await call(member, 'PUT', '/api/event-preferences', { optInEveryEvent: true });
    expect(optIn.status).toBe(200);
    expect((await steps(member)).done.eventOptIn).toBe(true);

    expect((await steps(member)).done.connectData).toBe(false);
  });

  it('data: a device, or meter readings alone (as a Green Button import writes them), and not a removed device', async () => {
    const withDevice = await memberWithHousehold(t);
    const device = await createDevice(t.database.db, withDevice.household.id, { externalId: 'fridge', name: 'Fridge', kind: 'smart_plug' });
    expect((await steps(withDevice.member)).done.connectData).toBe(true);
    await t.database.db.execute(sql`update devices set removed_at = now() where id = ${device.id}::uuid`);
    expect((await steps(withDevice.member)).done.connectData).toBe(false);

    const withReadings = await memberWithHousehold(t);
    await store(t.database.db, withReadings.household.id, { meter: intervals(local('2026-01-15', 11), 3, { consumptionKwh: 0.1, gridImportKwh: 0.1 }) });
    expect((await steps(withReadings.member)).done.connectData).toBe(true);
  });

  it('one member’s rows tick nothing for another', async () => {
    const a = await memberWithHousehold(t);
    const b = await memberWithHousehold(t);
    await createDevice(t.database.db, a.household.id, { externalId: 'tv', name: 'TV', kind: 'smart_plug' });
    await t.database.db.execute(sql`update users set email_verified = true where id = ${a.member.userId}`);
    expect((await call(a.member, 'PUT', '/api/event-preferences', { optInEveryEvent: true })).status).toBe(200);
    expect((await steps(b.member)).done).toMatchObject({ confirmEmail: false, connectData: false, eventOptIn: false });
  });

  it('dismissing keeps it closed on every session of the member, and only theirs', async () => {
    const { member } = await memberWithHousehold(t);
    const other = await memberWithHousehold(t);
    const res = await call(member, 'POST', '/api/dashboard/first-steps/dismiss');
    expect(res.status).toBe(200);
    expect(firstStepsSchema.parse(await res.json()).dismissed).toBe(true);
    const again = await signInAgain(t.app, member);
    expect((await steps({ ...member, cookie: cookieHeader(again) })).dismissed).toBe(true);
    expect((await steps(other.member)).dismissed).toBe(false);
  });
});

describe('POST /api/dashboard/first-steps/verification-email', () => {
  it('sends the sign-up confirmation again, once a minute at most, and not once confirmed', async () => {
    const member = await createMember(t.app);
    expect(await verifyEmailsTo(member.email)).toBe(1); // the one from sign-up
    // The outbox stamps each email with the database's time; the app's clock is set against it.
    now = new Date(Date.now() + 30_000);
    expect((await call(member, 'POST', '/api/dashboard/first-steps/verification-email')).status).toBe(429);
    now = new Date(Date.now() + 61_000);
    expect((await call(member, 'POST', '/api/dashboard/first-steps/verification-email')).status).toBe(204);
    expect(await verifyEmailsTo(member.email)).toBe(2);
    now = new Date(Date.now() + 30_000);
    const tooSoon = await call(member, 'POST', '/api/dashboard/first-steps/verification-email');
    expect(tooSoon.status).toBe(429);
    expect(await verifyEmailsTo(member.email)).toBe(2);

    await t.database.db.execute(sql`update users set email_verified = true where id = ${member.userId}`);
    now = new Date(now.getTime() + 10 * 60_000);
    expect((await call(member, 'POST', '/api/dashboard/first-steps/verification-email')).status).toBe(409);
    expect(await verifyEmailsTo(member.email)).toBe(2);
  });
});

describe('the shared demo account', () => {
  it('is welcomed back: its visitors come to a home with history', async () => {
    const member = await createMember(t.app);
    expect(await firstVisit(member)).toBe(true);
    const [profile] = rowsOf<{ email: string }>(await t.database.db.execute(sql`select email from profiles where id = ${member.userId}`));
    await t.database.db.execute(sql`update profiles set first_signed_in_at = null, first_session_id = null where id = ${member.userId}`);
    await putSeededProfile(t.database.db, { id: member.userId, name: 'Demo', email: profile!.email, language: 'en', timeZone: 'America/Toronto' });
    const again = await signInAgain(t.app, member);
    expect(await firstVisit({ ...member, cookie: cookieHeader(again) })).toBe(false);
  });
});
