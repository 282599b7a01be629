import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { savePreferences } from '../notifications/notification-preferences.repository';

type Record_ = { purpose: string; granted: boolean; language: string; wording: string; wordingVersion: string | null; source: string | null; recordedAt: string };

describe('consent history API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const history = async (who: Member) => {
    const res = await t.app.request('/api/profile/consents', { headers: asMember(who) });
    expect(res.status).toBe(200);
    return (await res.json()) as Record_[];
  };

  it('shows each grant and withdrawal, newest first, in the wording and language it was shown', async () => {
    const member = await createMember(t.app, { marketingConsent: true, language: 'es' });
    await t.app.request('/api/profile/consents/marketing', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ granted: false }) });
    const put = await t.app.request('/api/notification-preferences', {
      method: 'PUT',
      headers: asMember(member),
      body: JSON.stringify({ channels: { email: { rewards: false } } }),
    });
    expect(put.status).toBe(200);

    const records = await history(member);
    expect(records.map((r) => [r.purpose, r.granted, r.language, r.source, r.wordingVersion])).toEqual([
      ['notifications:email:rewards', false, 'es', 'settings', 'notifications:rewards/1'],
      ['marketing_data_sharing', false, 'es', 'settings', 'marketing_data_sharing/1'],
      ['marketing_data_sharing', true, 'es', 'sign_up', 'marketing_data_sharing/1'],
    ]);
    expect(records[0]!.wording).toBe('Informarme sobre mis recompensas');
    expect(records[2]!.wording).toBe('Compartir mis datos de registro con proveedores de contenido con fines de marketing');
    expect(Date.parse(records[2]!.recordedAt)).toBeLessThanOrEqual(Date.parse(records[1]!.recordedAt));

    // Only the member's own records.
    const other = await createMember(t.app);
    expect((await history(other)).map((r) => r.granted)).toEqual([false]);
    expect((await t.app.request('/api/profile/consents')).status).toBe(401);
  });

  it('two channels of one kind changed together make one record each', async () => {
    const member = await createMember(t.app, { language: 'fr' });
    const now = new Date(Date.now() + 60_000);
    await t.database.db.transaction((tx) =>
      savePreferences(tx, member.userId, [
        { channel: 'email', kind: 'events', enabled: false },
        { channel: 'push', kind: 'events', enabled: true },
      ], 'settings', now),
    );
    const records = (await history(member)).filter((r) => r.purpose.startsWith('notifications:'));
    expect(records.map((r) => [r.purpose, r.granted, r.wording]).sort()).toEqual([
      ['notifications:email:events', false, 'M’informer des Événements d’économie d’énergie'],
      ['notifications:push:events', true, 'M’informer des Événements d’économie d’énergie'],
    ]);
  });

  it('a record whose version the app does not know shows its stored wording', async () => {
    const member = await createMember(t.app);
    await t.database.db.execute(sql`
      insert into consents (user_id, purpose, granted, wording, language, recorded_at)
      values (${member.userId}, 'marketing_data_sharing', true, 'An older sentence', 'fr', now() + interval '1 minute')`);
    const [latest] = await history(member);
    expect(latest).toMatchObject({ wording: 'An older sentence', wordingVersion: null, source: null, language: 'fr' });
  });
});
