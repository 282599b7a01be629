import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { changeableEvent } from '../support/changeable-event';
import { signUpInBrowser } from '../support/browser-sign-up';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';


let page: Page;
pagePerTest('event-automation', (p) => (page = p), { viewport: { width: 1280, height: 1400 } });
const db = journeyDatabase();

/** A new member (an Ontario household, in the demo program's area), signed in on the Dashboard. */
const signUp = () => signUpInBrowser(page, db, { prefix: 'automation', name: 'Sam Gagnon', birth: { month: '5', day: '12', year: '1990' } });

describe('notification preferences and event automation', () => {
  it('a member verifies their mobile number with the texted code, then turns on texts for events', async () => {
    const { userId } = await signUp();
    await page.goto('/app/settings/notifications');
    const card = page.getByRole('region', { name: 'Notifications' });
    const sms = card.getByRole('checkbox', { name: 'Text message (SMS): Energy Saving Events' });
    await expect.poll(() => sms.isDisabled()).toBe(true);

    // Bill reminders by email off: saved for this member.
    // The boxes show the saved state, so they are clicked and then read back (not .check()).
    await card.getByRole('checkbox', { name: 'Email: Bill reminders' }).click();
    await card.getByText('Saved').waitFor();
    const prefs = await db.query(`select channel, kind, enabled from notification_preferences where user_id = $1`, [userId]);
    expect(prefs.rows).toEqual([{ channel: 'email', kind: 'bill_reminders', enabled: false }]);

    const number = `416 555 ${String(Math.floor(1000 + Math.random() * 8999))}`;
    await card.getByLabel('Mobile number').fill(number);
    await card.getByRole('button', { name: 'Text me a code' }).click();
    await card.getByLabel('6-digit code').waitFor();
    // The code went to the SMS outbox (no provider configured): read it as the member's phone would.
    const e164 = `+1${number.replace(/\s/g, '')}`;
    const { rows: texts } = await db.query<{ body: string }>(`select body from sms_outbox where "to" = $1 order by created_at desc limit 1`, [e164]);
    const code = /(\d{6})/.exec(texts[0]!.body)![1]!;

    const wrong = code === '000000' ? '111111' : '000000';
    await card.getByLabel('6-digit code').fill(wrong);
    await card.getByRole('button', { name: 'Verify' }).click();
    await card.getByText('That code is not right. Check the text and try again.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await card.getByLabel('6-digit code').fill(code);
    await card.getByRole('button', { name: 'Verify' }).click();
    await card.getByText('Your mobile number is verified. You can turn on text messages.').waitFor();
    await expect.poll(() => sms.isEnabled()).toBe(true);
    await sms.click();
    await expect.poll(() => sms.isChecked()).toBe(true);
    const smsEvents = async () => (await db.query(`select enabled from notification_preferences where user_id = $1 and channel = 'sms' and kind = 'events'`, [userId])).rows;
    await expect.poll(smsEvents).toEqual([{ enabled: true }]);
    // Headless Chromium has no push service: the card must still offer push or explain, and not crash.
    await card.getByRole('heading', { name: 'Push notifications on this browser' }).waitFor();
    await screenshot(page, 'settings-notifications');
  });

  it('"opt me in to every event" opts in to the next event still open, says so, and plugs are chosen and logged', async () => {
    const { householdId } = await signUp();
    // The first event it can still opt in to: from 6 PM in Toronto, tonight's is running and the next evening's is the one.
    const eventId = (await changeableEvent(page)).id;
    // A smart plug and a never-switch one in the new home, as pairing would make them.
    await db.query(
      `insert into devices (household_id, external_id, name, kind, never_switch, relay_on) values ($1, 'desk-lamp', 'Desk lamp', 'smart_plug', false, true), ($1, 'freezer', 'Freezer', 'smart_plug', true, true)`,
      [householdId],
    );

    await page.goto('/app/settings/notifications');
    const card = page.getByRole('region', { name: 'Energy Saving Events' });
    await card.getByRole('checkbox', { name: 'Opt me in to every event' }).click();
    await expect.poll(() => card.getByRole('checkbox', { name: 'Opt me in to every event' }).isChecked()).toBe(true);
    await card.getByText('Saved').waitFor();
    const { rows: participation } = await db.query(`select opted_in, source from event_participations where event_id = $1 and household_id = $2`, [eventId, householdId]);
    expect(participation).toEqual([{ opted_in: true, source: 'always' }]);

    const plugs = card.getByRole('group', { name: 'Plugs that power down during events' });
    expect(await plugs.getByRole('checkbox').count()).toBe(1);
    await plugs.getByText('1 plug powers something that must stay on, so it is never switched off.').waitFor();
    await plugs.getByRole('checkbox', { name: 'Desk lamp' }).click();
    await expect.poll(() => plugs.getByRole('checkbox', { name: 'Desk lamp' }).isChecked()).toBe(true);
    const chosen = async () => (await db.query(`select d.name from event_plug_choices c join devices d on d.id = c.device_id where c.household_id = $1`, [householdId])).rows;
    await expect.poll(chosen).toEqual([{ name: 'Desk lamp' }]);
    expect(await axeViolations(page)).toEqual([]);

    // Said on the Dashboard's banner when it shows this event (not while tonight's is running), and on the event's page below.
    const next = ((await (await page.request.get('/api/events/next')).json()) as { event: { id: string } | null }).event;
    if (next?.id === eventId) {
      await page.goto('/app/dashboard');
      await page.getByTestId('event-banner').getByText('You’re opted in automatically').waitFor();
    }

    // What the start of the event records (decision 037), shown on the event page.
    await db.query(
      `insert into event_plug_actions (event_id, household_id, device_id, action, previous_on, at)
       select $1, $2, id, 'switched_off', true, now() from devices where household_id = $2 and external_id = 'desk-lamp'`,
      [eventId, householdId],
    );
    await page.goto(`/app/events/${eventId}`);
    await page.getByTestId('auto-opt-in').waitFor();
    const log = page.getByRole('region', { name: 'Your plugs during this event' });
    await log.getByText('Desk lamp was switched off').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'event-automation-event-page');
  });
});
