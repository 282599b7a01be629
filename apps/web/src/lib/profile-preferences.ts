import { languageSchema } from '@peakwise/contracts/account.contract';
import { apiJson } from './api-request';
import { i18n } from './i18n';
import { isCanadianTimeZone, setTimeZone } from './time-zone';

/**
 * Applies the member's saved language and time zone, so a choice made on one device follows them to
 * every other one (and survives a reload). Failing to read the profile changes nothing.
 */
export async function applyProfilePreferences() {
  let profile: { language?: unknown; timeZone?: unknown };
  try {
    profile = await apiJson<{ language?: unknown; timeZone?: unknown }>('GET', '/api/profile');
  } catch {
    return;
  }
  const language = languageSchema.safeParse(profile.language);
  if (language.success && i18n.resolvedLanguage !== language.data) await i18n.changeLanguage(language.data);
  if (isCanadianTimeZone(profile.timeZone)) setTimeZone(profile.timeZone);
}
