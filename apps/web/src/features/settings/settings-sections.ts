/**
 * Settings in four sections, each at an address of its own (/app/settings/<section>), in the order
 * of the section menu (docs/decisions/086-settings-sections-and-every-language-on-budget.md).
 */
export const SETTINGS_SECTIONS = ['profile', 'notifications', 'home', 'data'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** The first section, where /app/settings leads. */
export const FIRST_SETTINGS_SECTION: SettingsSection = 'profile';

/**
 * The anchors of the one-page Settings that links and e-mails already carry (the Dashboard's
 * /app/settings#home, Usage's /app/settings#green-button), and the section each card is in now.
 */
const SECTION_OF_ANCHOR: Readonly<Record<string, SettingsSection>> = {
  home: 'home',
  'green-button': 'data',
  'every-event': 'notifications',
};

/** Where /app/settings with this hash leads: the section holding the anchor, the hash kept. */
export function settingsPathForHash(hash: string): string {
  const section = SECTION_OF_ANCHOR[hash.replace(/^#/, '')] ?? FIRST_SETTINGS_SECTION;
  return `/app/settings/${section}${hash}`;
}
