import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import type { SocialProvider } from '../api/sign-in-social';
import { SignUpError } from '../hooks/use-sign-up';
import { useSocialSignIn } from '../hooks/use-social-sign-in';
import { FacebookIcon, GoogleIcon } from './provider-icons';

const providerNames: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' };

export function SocialButtons() {
  const { t } = useTranslation('auth');
  const social = useSocialSignIn();
  const pendingProvider = social.isPending ? social.variables : undefined;

  const errorText =
    social.error && social.variables
      ? social.error instanceof SignUpError && social.error.serverMessage
        ? social.error.serverMessage
        : t('errors.socialFailed', { provider: providerNames[social.variables] })
      : undefined;

  return (
    <div className="space-y-3">
      <Button variant="social" size="lg" disabled={social.isPending} onClick={() => social.mutate('facebook')}>
        <FacebookIcon />
        {pendingProvider === 'facebook' ? t('signup.redirecting') : t('signup.facebook')}
      </Button>
      <Button variant="social" size="lg" disabled={social.isPending} onClick={() => social.mutate('google')}>
        <GoogleIcon />
        {pendingProvider === 'google' ? t('signup.redirecting') : t('signup.google')}
      </Button>
      <div aria-live="polite">{errorText && <AlertMessage tone="error">{errorText}</AlertMessage>}</div>
    </div>
  );
}
