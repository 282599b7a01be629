import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { notifyUserUpdated, useSession } from '@/lib/session';
import { disableTwoFactor } from '../api/settings-api';
import { ChangePasswordDialog } from './change-password-dialog';
import { SettingsCard } from './settings-card';
import { PasswordConfirmForm } from './password-confirm-form';
import { TwoFactorSetup } from './two-factor-setup';

type Dialog = 'password' | 'enable-2fa' | 'disable-2fa' | null;

export function SecurityCard() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const session = useSession();
  const twoFactorOn = session.status === 'signed-in' && session.user.twoFactorEnabled;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string>();
  const close = () => setDialog(null);

  return (
    <SettingsCard title={t('security.title')} description={t('security.description')}>
      <div className="divide-y divide-slate-100">
        <Row icon={<KeyRound aria-hidden className="size-5" />} title={t('security.password.title')} description={t('security.password.description')}>
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => {
              setNotice(undefined);
              setDialog('password');
            }}
          >
            {t('security.password.button')}
          </Button>
        </Row>
        <Row
          icon={<ShieldCheck aria-hidden className="size-5" />}
          title={t('security.twoFactor.title')}
          badge={twoFactorOn ? t('security.twoFactor.statusOn') : t('security.twoFactor.statusOff')}
          badgeOn={twoFactorOn}
          description={twoFactorOn ? t('security.twoFactor.on') : t('security.twoFactor.off')}
        >
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => {
              setNotice(undefined);
              setDialog(twoFactorOn ? 'disable-2fa' : 'enable-2fa');
            }}
          >
            {twoFactorOn ? t('security.twoFactor.disable') : t('security.twoFactor.enable')}
          </Button>
        </Row>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && (
          <div className="mt-4">
            <AlertMessage tone="success">{notice}</AlertMessage>
          </div>
        )}
      </div>

      <ChangePasswordDialog
        open={dialog === 'password'}
        onClose={close}
        onChanged={() => {
          close();
          setNotice(t('security.password.changed'));
        }}
      />
      <Modal open={dialog === 'enable-2fa'} onClose={close} placement="center" title={t('security.twoFactor.setupTitle')}>
        {dialog === 'enable-2fa' && (
          <TwoFactorSetup
            onCancel={close}
            onEnabled={() => void notifyUserUpdated(queryClient)}
            onDone={() => {
              close();
              setNotice(t('security.twoFactor.enabled'));
            }}
          />
        )}
      </Modal>
      <Modal open={dialog === 'disable-2fa'} onClose={close} placement="center" title={t('security.twoFactor.disableTitle')}>
        {dialog === 'disable-2fa' && (
          <DisableTwoFactor
            onCancel={close}
            onDisabled={() => {
              close();
              setNotice(t('security.twoFactor.disabled'));
              void notifyUserUpdated(queryClient);
            }}
          />
        )}
      </Modal>
    </SettingsCard>
  );
}

type RowProps = { icon: React.ReactNode; title: string; description: string; badge?: string; badgeOn?: boolean; children: React.ReactNode };

function Row({ icon, title, description, badge, badgeOn, children }: RowProps) {
  return (
    <div className="flex flex-col gap-4 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
        <div>
          <h3 className="flex items-center gap-2 font-medium text-slate-900">
            {title}
            {badge && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badgeOn ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-700'}`}
              >
                {badge}
              </span>
            )}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

function DisableTwoFactor({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <PasswordConfirmForm
      intro={t('security.twoFactor.disableIntro')}
      submitLabel={t('security.twoFactor.disableSubmit')}
      action={disableTwoFactor}
      onConfirmed={onDisabled}
      onCancel={onCancel}
    />
  );
}
