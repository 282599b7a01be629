import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorKey, type ServerError } from './server-error';

/**
 * Turns a refusal into words for the member: a known code in their language, else the server's
 * own (English) message, else the caller's fallback.
 */
export function useServerErrorText() {
  const { t } = useTranslation('auth');
  return useCallback(
    (error: ServerError | undefined, fallback: string, values: { provider?: string } = {}) => {
      const key = serverErrorKey(error?.code);
      if (key) return t(`serverErrors.${key}`, { provider: values.provider ?? '' });
      return error?.message ?? fallback;
    },
    [t],
  );
}
