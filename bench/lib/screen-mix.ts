/**
 * The screens and what each asks the API for on load (apps/web/src/features/*): weight = the
 * page's share of views (percent) × one per request it makes. Dashboard 40 %, Usage 20 %,
 * Solar 15 %, Devices 15 %, Maintenance 10 %. The mixed load's members and the scale bench's read
 * this same mix.
 */
export const SCREEN_MIX = [
  ...['/api/dashboard', '/api/dashboard/usage?period=7d', '/api/dashboard/alerts', '/api/events/next', '/api/points', '/api/household/home'].map((path) => ({
    label: `dashboard ${path}`,
    path,
    weight: 40,
  })),
  { label: 'usage /api/usage/summary', path: '/api/usage/summary', weight: 20 },
  { label: 'usage /api/usage/history', path: '/api/usage/history?range=30', weight: 20 },
  { label: 'solar /api/solar/summary', path: '/api/solar/summary?period=today', weight: 15 },
  { label: 'devices /api/devices', path: '/api/devices', weight: 15 },
  { label: 'maintenance /api/maintenance', path: '/api/maintenance?range=30d', weight: 10 },
];
