import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SwitchPrompt } from './switch-prompt';

type LoginPanelProps = {
  open: boolean;
  onClose: () => void;
  onSwitchToSignUp: () => void;
  onSignedIn: () => void;
};

type View = 'login' | 'forgot' | 'back-to-login';

/** The login panel: slides in from the left (SPEC §2) and also hosts the forgot-password view. */
export function LoginPanel({ open, onClose, onSwitchToSignUp, onSignedIn }: LoginPanelProps) {
  const { t } = useTranslation('auth');
  const [view, setView] = useState<View>('login');
  // Every opening starts on the login view (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setView('login');
  }

  const forgot = view === 'forgot';
  return (
    <Modal
      open={open}
      onClose={onClose}
      placement="side-left"
      title={forgot ? t('forgot.title') : t('login.title')}
      description={forgot ? undefined : t('login.description')}
    >
      {forgot ? (
        <ForgotPasswordForm onBack={() => setView('back-to-login')} />
      ) : (
        <LoginForm
          onSignedIn={onSignedIn}
          onForgotPassword={() => setView('forgot')}
          focusEmail={view === 'back-to-login'}
        />
      )}
      <SwitchPrompt question={t('login.noAccount')} action={t('login.signUpLink')} onAction={onSwitchToSignUp} />
    </Modal>
  );
}
