import {
  ChartColumn,
  Droplets,
  Gift,
  LayoutDashboard,
  LifeBuoy,
  Plug,
  Receipt,
  Settings,
  Sun,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export type NavLabelKey =
  | 'dashboard'
  | 'solarSystem'
  | 'maintenance'
  | 'devices'
  | 'plumbing'
  | 'usage'
  | 'billing'
  | 'rewards'
  | 'settings'
  | 'help';

/** `sections`: the page has addresses of its own under its path (Settings' sections, decision 086). */
export type NavItem = { to: string; labelKey: NavLabelKey; icon: LucideIcon; sections?: true };

/** The sidebar, in its product order (docs/product/routes-and-screens.md#portal-shell). */
export const navItems: readonly NavItem[] = [
  { to: '/app/dashboard', labelKey: 'dashboard', icon: LayoutDashboard },
  { to: '/app/solar-system', labelKey: 'solarSystem', icon: Sun },
  { to: '/app/maintenance', labelKey: 'maintenance', icon: Wrench },
  { to: '/app/devices', labelKey: 'devices', icon: Plug },
  { to: '/app/plumbing', labelKey: 'plumbing', icon: Droplets },
  { to: '/app/usage', labelKey: 'usage', icon: ChartColumn },
  { to: '/app/billing', labelKey: 'billing', icon: Receipt },
  { to: '/app/rewards', labelKey: 'rewards', icon: Gift },
  { to: '/app/settings', labelKey: 'settings', icon: Settings, sections: true },
  { to: '/app/help', labelKey: 'help', icon: LifeBuoy },
];

// The spec highlights an item only on an exact match: /app/dashboard/x highlights nothing. A page
// in sections is highlighted on each of them (/app/settings/notifications is Settings).
export function activeNavItem(pathname: string): NavItem | undefined {
  return navItems.find((item) => item.to === pathname || (item.sections === true && pathname.startsWith(`${item.to}/`)));
}
