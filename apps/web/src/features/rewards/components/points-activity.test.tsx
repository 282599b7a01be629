import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { activityEntriesAt } from '@/test/points-activity-entry';
import { PointsActivity } from './points-activity';

const EVENT_ID = '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11';

const entry = activityEntriesAt('2026-07-14T15:00:00.000Z');

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PointsActivity: held points released (decision 140)', () => {
  it('names a release and links it to its event, as an event reward is', async () => {
    renderWithApi(
      <PointsActivity activity={[entry('2', 'event_release', 100, 350, { eventId: EVENT_ID }), entry('1', 'event_reward', 250, 250, { eventId: EVENT_ID })]} />,
      () => new Response(null, { status: 404 }),
    );
    const [release, reward] = within(screen.getByTestId('points-activity')).getAllByRole('listitem');
    expect(plain(release!.textContent)).toMatch(/^Energy Saving Event: held points releasedJul 14 · View event from Jul 14\+100 \(Earned\)Balance 350$/);
    expect(within(release!).getByRole('link', { name: /View event/ })).toHaveAttribute('href', `/app/events/${EVENT_ID}`);
    expect(plain(reward!.textContent)).toContain('Energy Saving Event reward');
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Événement d’économie d’énergie : points en attente versés')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Evento de Ahorro de Energía: puntos retenidos pagados')).toBeInTheDocument();
  });
});
