import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { SignUpForm } from './sign-up-form';
import { SocialButtons } from './social-buttons';
import { SwitchPrompt } from './switch-prompt';

type SignUpDialogProps = {
  open: boolean;
  onClose: () => void;
  onSwitchToLogin: () => void;
  onSignedUp: () => void;
};

/** The centred sign-up dialog (docs/product/routes-and-screens.md#sign-up-dialog): social sign-in first, then the email form. */
export function SignUpDialog({ open, onClose, onSwitchToLogin, onSignedUp }: SignUpDialogProps) {
  const { t } = useTranslation('auth');
  // Drawn once and kept while the dialog opens and closes: opening it then shows what is there
  // (decision 106).
  const content = useMemo(
    () => (
      <>
        <SocialButtons />
        <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
          <span aria-hidden className="h-px flex-1 bg-slate-200" />
          {t('signup.or')}
          <span aria-hidden className="h-px flex-1 bg-slate-200" />
        </div>
        <SignUpForm onSignedUp={onSignedUp} />
        <SwitchPrompt question={t('signup.haveAccount')} action={t('signup.loginLink')} onAction={onSwitchToLogin} />
      </>
    ),
    [onSignedUp, onSwitchToLogin, t],
  );
  return (
    <Modal open={open} onClose={onClose} prerender placement="center" title={t('signup.title')} description={t('signup.description')}>
      {content}
    </Modal>
  );
}
