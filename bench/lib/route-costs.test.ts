import { describe, expect, it } from 'vitest';
import { noCosts, type Costs } from './cost-meter';
import { weightedPerRead, type RouteCost } from './route-costs';

const route = (path: string, perRead: Partial<Costs>): RouteCost => ({ label: path, path, reads: 10, p50: 1, perRead: { ...noCosts(), ...perRead }, primaryTop: [], replicaTop: [] });

describe('weightedPerRead', () => {
  it('weights each path by its share of the mix', () => {
    const costs = [route('/a', { serversMs: 4, replicaXacts: 1, primaryXacts: 1 }), route('/b', { serversMs: 1, replicaXacts: 0, primaryXacts: 3 })];
    // 3 parts /a, 1 part /b: servers (3·4 + 1·1) / 4 = 3.25; replica (3·1 + 0) / 4 = 0.75; primary (3·1 + 3) / 4 = 1.5.
    const mix = [
      { path: '/a', weight: 30 },
      { path: '/b', weight: 10 },
    ];
    expect(weightedPerRead(costs, mix)).toMatchObject({ serversMs: 3.25, replicaXacts: 0.75, primaryXacts: 1.5, primaryMs: 0 });
  });

  it('refuses a mix with a path it has no cost for', () => {
    expect(() => weightedPerRead([route('/a', {})], [{ path: '/c', weight: 1 }])).toThrow(/no cost measured for \/c/);
  });
});
