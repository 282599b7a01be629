import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Modal } from '@/components/ui/modal';
import { socialErrorKey } from '../social-error';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SocialButtons } from './social-buttons';
import { SwitchPrompt } from './switch-prompt';
import { TwoFactorForm } from './two-factor-form';

type LoginPanelProps = {
  open: boolean;
  onClose: () => void;
  onSwitchToSignUp: () => void;
  onSignedIn: () => void;
  /** Open on the forgot-password view (`?auth=forgot-password`). */
  initialView?: 'login' | 'forgot';
  /** An `error=` code from a social sign-in that came back refused. */
  errorCode?: string | null;
  /** Where a social sign-in lands (the `next` portal path). */
  destination?: string;
};

type View = 'login' | 'forgot' | 'back-to-login' | 'two-factor';

/** The login panel: slides in from the left (docs/product/routes-and-screens.md#log-in-panel) and also hosts the forgot-password and 2FA views. */
export function LoginPanel({ open, onClose, onSwitchToSignUp, onSignedIn, initialView = 'login', errorCode, destination }: LoginPanelProps) {
  const { t } = useTranslation('auth');
  const [view, setView] = useState<View>(initialView);
  // Every opening starts on the requested view (state adjusted during render, not in an effect).
  const [opening, setOpening] = useState({ open, initialView });
  if (opening.open !== open || opening.initialView !== initialView) {
    setOpening({ open, initialView });
    if (open) setView(initialView);
  }

  const titles = { forgot: t('forgot.title'), 'two-factor': t('twoFactor.title') } as Partial<Record<View, string>>;
  const onLoginView = view === 'login' || view === 'back-to-login';
  const socialError = errorCode && onLoginView ? t(`socialErrors.${socialErrorKey(errorCode)}`) : undefined;

  // Drawn once and kept while the panel opens and closes: opening it then shows what is there
  // (decision 106).
  const content = useMemo(
    () => (
      <>
        {view === 'forgot' && <ForgotPasswordForm onBack={() => setView('back-to-login')} />}
        {view === 'two-factor' && <TwoFactorForm onSignedIn={onSignedIn} onBack={() => setView('back-to-login')} />}
        {onLoginView && (
          <>
            {socialError && (
              <div role="alert" className="mb-5">
                <AlertMessage tone="error">{socialError}</AlertMessage>
              </div>
            )}
            <LoginForm
              onSignedIn={onSignedIn}
              onTwoFactor={() => setView('two-factor')}
              onForgotPassword={() => setView('forgot')}
              focusEmail={view === 'back-to-login'}
            />
            <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
              <span aria-hidden className="h-px flex-1 bg-slate-200" />
              {t('login.or')}
              <span aria-hidden className="h-px flex-1 bg-slate-200" />
            </div>
            <SocialButtons callbackURL={destination} />
          </>
        )}
        <SwitchPrompt question={t('login.noAccount')} action={t('login.signUpLink')} onAction={onSwitchToSignUp} />
      </>
    ),
    [view, onLoginView, socialError, onSignedIn, destination, onSwitchToSignUp, t],
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      prerender
      placement="side-left"
      title={titles[view] ?? t('login.title')}
      description={onLoginView ? t('login.description') : undefined}
    >
      {content}
    </Modal>
  );
}
