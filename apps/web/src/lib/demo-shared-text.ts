import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEMO_ACCOUNT_SHARED } from '@peakwise/contracts/demo-account';

/** Whether a refusal is the shared demo account keeping no personal details (decision 082), whatever error shape a feature uses. */
export function isDemoSharedRefusal(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { code?: unknown }).code === DEMO_ACCOUNT_SHARED.code;
}

/** The explanation in the visitor's language when a refusal is the shared demo's; undefined for any other. */
export function useDemoSharedText() {
  const { t } = useTranslation('auth');
  return useCallback((error: unknown) => (isDemoSharedRefusal(error) ? t('serverErrors.demoShared') : undefined), [t]);
}
