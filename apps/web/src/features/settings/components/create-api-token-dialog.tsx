import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_LABEL_MAX, API_TOKEN_SCOPES, MAX_API_TOKENS, type ApiTokenScope, type CreatedApiToken } from '@peakwise/contracts/member-api.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError, serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { createApiToken } from '../api/member-api-api';
import { settingsKeys } from '../settings-keys';
import { SCOPE_KEYS } from '../member-api-names';
import { DialogActions } from './dialog-actions';
import { SecretReveal } from './secret-reveal';

const EXPIRIES = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRIES)[number];

/** Names a new API token and picks its scopes and expiry, then shows the token once. */
export function CreateApiTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('memberApi');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => {
    onClose();
    setCreated(null);
  };
  return (
    <Modal
      open={open}
      onClose={close}
      placement="center"
      title={created ? t('tokens.revealTitle') : t('tokens.createTitle')}
      description={created ? undefined : t('tokens.createIntro')}
    >
      {open &&
        (created ? (
          <SecretReveal
            warning={t('tokens.revealWarning')}
            term={t('tokens.tokenFor', { label: created.label })}
            secret={created.token}
            copyLabel={t('tokens.copy')}
            copiedText={t('tokens.copied')}
            copyFailedText={t('tokens.copyFailed')}
            doneLabel={t('tokens.done')}
            onDone={close}
          />
        ) : (
          <CreateTokenForm onCancel={close} onCreated={setCreated} />
        ))}
    </Modal>
  );
}

function CreateTokenForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: CreatedApiToken) => void }) {
  const { t } = useTranslation('memberApi');
  const errorText = useServerErrorText();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [invalid, setInvalid] = useState<{ label?: boolean; scopes?: boolean }>({});
  const create = useMutation({
    mutationFn: createApiToken,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens() });
      onCreated(result);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = label.trim();
    const problems = { label: trimmed.length === 0 || trimmed.length > API_TOKEN_LABEL_MAX, scopes: scopes.length === 0 };
    setInvalid(problems);
    if (problems.label || problems.scopes) return;
    create.mutate({ label: trimmed, scopes, expiresInDays: expiry === 'never' ? null : Number(expiry) });
  };

  const failure = (error: unknown) => {
    const code = error instanceof ApiRequestError ? error.code : undefined;
    if (code === 'too_many_api_tokens') return t('tokens.tooMany', { max: MAX_API_TOKENS });
    return errorText(serverErrorOf(error), t('tokens.createFailed'));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label={t('tokens.label')}
        hint={t('tokens.labelHint', { max: API_TOKEN_LABEL_MAX })}
        error={invalid.label ? t('tokens.labelInvalid', { max: API_TOKEN_LABEL_MAX }) : undefined}
        name="label"
        autoComplete="off"
        maxLength={API_TOKEN_LABEL_MAX}
        required
        data-autofocus
        value={label}
        onChange={(event) => {
          setLabel(event.target.value);
          setInvalid((was) => ({ ...was, label: false }));
        }}
      />
      <fieldset aria-describedby={invalid.scopes ? 'api-token-scopes-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('tokens.scopesLegend')}</legend>
        <div className="mt-2 space-y-2">
          {API_TOKEN_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={`${t(`scopes.${SCOPE_KEYS[scope]}`)} (${scope})`}
              checked={scopes.includes(scope)}
              onChange={(event) => {
                const on = event.target.checked;
                setScopes((was) => (on ? [...was, scope] : was.filter((s) => s !== scope)));
                setInvalid((was) => ({ ...was, scopes: false }));
              }}
            />
          ))}
        </div>
        {invalid.scopes && (
          <p id="api-token-scopes-error" className="mt-2 text-sm text-red-700">
            {t('tokens.scopesInvalid')}
          </p>
        )}
      </fieldset>
      <SelectField
        label={t('tokens.expiry')}
        options={EXPIRIES.map((value) => ({ value, label: t(`tokens.expiryOptions.${value}`) }))}
        value={expiry}
        onChange={(event) => setExpiry(event.target.value as Expiry)}
      />
      <div aria-live="polite">{create.error && <AlertMessage tone="error">{failure(create.error)}</AlertMessage>}</div>
      <DialogActions onCancel={onCancel} busy={create.isPending} label={create.isPending ? t('tokens.submitting') : t('tokens.submit')} />
    </form>
  );
}
