import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The name the server gives the household's solar array (maintenance/components.service.ts, SOLAR_ARRAY_NAME). */
const SOLAR_ARRAY_NAME = 'Solar array';

/**
 * A maintained component's name as shown: the array the server names in English, in the reader's
 * language; a device's name (the member's) as it is.
 */
export function useComponentName(): (component: { name: string; kind: string }) => string {
  const { t } = useTranslation('common');
  // Stable per language, so wordings memoised on it (alert-text.ts) stay memoised.
  return useCallback(({ name, kind }) => (kind === 'solar_array' && name === SOLAR_ARRAY_NAME ? t('solarArray') : name), [t]);
}
