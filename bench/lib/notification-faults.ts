import { fanOutToArea } from '../../apps/server/src/modules/notifications/event-notifications.repository';
import type { FreshDatabase } from './database';
import { ZONE } from './event-seed';
import { int, log } from './format';
import { freePort, serverProcess, waitFor } from './server-process';
import { startSmtpPeer } from './smtp-peer';

export type NotificationFaultResult = {
  faults: number;
  /** Kills that landed while this server was sending (deliveries still pending). */
  duringSending: number;
  deliveries: number;
  sent: number;
  /** Rows left pending, failed or skipped when the run ended. */
  notSent: number;
  /** Messages that reached the peer: distinct Message-IDs, and all of them. */
  receivedIds: number;
  receivedMessages: number;
  /** A delivery marked sent whose Message-ID never reached the peer. */
  lost: number;
  /** Copies beyond the first of one Message-ID. */
  duplicates: number;
  /** The most duplicates the kills can explain: the durable worker sends one message at a time, so one per kill. */
  inFlightBound: number;
  /** Message-IDs the peer got that match no delivery row. */
  unknown: number;
};

const LEASE_MS = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * kill -9 the server while its durable worker sends an event's announcement emails to a real SMTP
 * peer, again and again, then count at the peer by Message-ID (the delivery id, decision 035).
 * A delivery marked sent must have arrived; a kill between the peer's 250 and the commit that
 * marks the row sent makes the restarted server send that one again, with the same Message-ID.
 */
export async function runNotificationFaults(fresh: FreshDatabase, faults: number, members: number): Promise<NotificationFaultResult> {
  const { rows: program } = await fresh.pool.query<{ id: string }>(`insert into event_programs (name, provinces) values ('Faults mail', '{ON}') returning id`);
  // Two days ahead, so every delivery is still due ("event no longer upcoming" skips none).
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  const { rows: event } = await fresh.pool.query<{ id: string }>(
    `insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, status, created_by) values ($1, $2, $3, 100, 10, 'scheduled', 'faults') returning id`,
    [program[0]!.id, startsAt.toISOString(), new Date(startsAt.getTime() + 3_600_000).toISOString()],
  );
  const eventId = event[0]!.id;
  await fresh.pool.query(`insert into users (id, name, email) select 'faults-mail-' || i, 'Member ' || i, 'member' || i || '@faults.test' from generate_series(1, $1::int) as i`, [members]);
  await fresh.pool.query(`insert into profiles (id, name, email) select id, name, email from users where id like 'faults-mail-%'`);
  await fresh.pool.query(`insert into households (owner_user_id, name, province, time_zone) select id, 'Home of ' || name, 'ON', $1 from users where id like 'faults-mail-%'`, [ZONE]);
  // The announcement's fan-out, as event.announce runs it: one email row and one send job per member.
  const deliveries = await fanOutToArea(fresh.database.db, eventId, 'announced', new Date());
  log(`  notifications: ${int(deliveries)} email deliveries queued`);

  const pending = async () => Number((await fresh.pool.query<{ n: string }>(`select count(*) as n from event_notifications where event_id = $1 and status = 'pending'`, [eventId])).rows[0]!.n);

  const peer = await startSmtpPeer();
  const server = serverProcess({ DATABASE_URL: fresh.url, SMTP_URL: peer.url, DURABLE_JOB_LEASE_MS: String(LEASE_MS) }, await freePort());
  try {
    await server.start();
    let duringSending = 0;
    for (let f = 0; f < faults; f++) {
      // The worker looks for due jobs every 5 s after a start: wait until this server has sent
      // something, so the kill lands in the middle of sending rather than before it began.
      const before = await pending();
      if (before > 0) await waitFor('the restarted server to send', async () => (await pending()) < before, 60_000, 100).catch(() => {});
      await sleep(Math.random() * 1_000);
      const left = await pending();
      if (left > 0) duringSending++;
      await server.kill9();
      log(`  notifications fault ${f + 1}/${faults}: ${left > 0 ? `${int(left)} deliveries pending` : 'after the last delivery'}, the peer has ${int(peer.received.size)}`);
      await server.start();
    }
    // Claims held by a killed server are taken over once their lease ends; the worker polls every 5 s.
    await waitFor('every delivery to be sent', async () => (await pending()) === 0, 600_000, 1_000);
    await server.stop();

    const { rows } = await fresh.pool.query<{ id: string; status: string }>(`select id, status from event_notifications where event_id = $1`, [eventId]);
    const ids = new Set(rows.map((r) => `<notification-${r.id}@peakwise.ca>`));
    let lost = 0;
    for (const row of rows) if (row.status === 'sent' && !peer.received.has(`<notification-${row.id}@peakwise.ca>`)) lost++;
    let duplicates = 0;
    let receivedMessages = 0;
    let unknown = 0;
    for (const [id, count] of peer.received) {
      receivedMessages += count;
      duplicates += count - 1;
      if (!ids.has(id)) unknown++;
    }
    return {
      faults,
      duringSending,
      deliveries,
      sent: rows.filter((r) => r.status === 'sent').length,
      notSent: rows.filter((r) => r.status !== 'sent').length,
      receivedIds: peer.received.size,
      receivedMessages: receivedMessages + peer.withoutId,
      lost,
      duplicates,
      inFlightBound: faults,
      unknown: unknown + peer.withoutId,
    };
  } finally {
    if (server.alive) await server.kill9();
    await peer.close();
  }
}
