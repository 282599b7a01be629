import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthMessage } from './login-result';

/** Words for an AuthMessage in the reader's language. */
export function useAuthMessageText() {
  const { t } = useTranslation('auth');
  return useCallback(
    (message: AuthMessage) => {
      if (message.kind === 'key') return t(message.key);
      if (message.kind === 'server') return t(`serverErrors.${message.key}`, { provider: '' });
      return message.text;
    },
    [t],
  );
}
