import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { useServerErrorText } from '@/lib/server-error-text';
import type { SocialProvider } from '../api/sign-in-social';
import { SignUpError } from '../hooks/use-sign-up';
import { useSocialSignIn } from '../hooks/use-social-sign-in';
import { FacebookIcon, GoogleIcon } from './provider-icons';

const providerNames: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' };

/** Continue with Facebook / Google. `callbackURL` is where the member lands once signed in. */
export function SocialButtons({ callbackURL = '/app/dashboard' }: { callbackURL?: string }) {
  const { t } = useTranslation('auth');
  const errorText = useServerErrorText();
  const social = useSocialSignIn(callbackURL);
  const pendingProvider = social.isPending ? social.variables : undefined;

  const error =
    social.error && social.variables
      ? errorText(
          social.error instanceof SignUpError ? social.error.server : undefined,
          t('errors.socialFailed', { provider: providerNames[social.variables] }),
          { provider: providerNames[social.variables] },
        )
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
      <div aria-live="polite">{error && <AlertMessage tone="error">{error}</AlertMessage>}</div>
    </div>
  );
}
