import type { CreateRewardItem } from '@peakwise/contracts/rewards.contract';
import { isCodeKind, REWARD_KINDS, type RewardKind } from '@peakwise/domain/reward-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCreateRewardItem } from '../api/use-ops-rewards';
import { redeemRefusals } from '../redeem-error';

const LANGUAGES = ['en', 'fr', 'es'] as const;
const blankText = { en: '', fr: '', es: '' };

/** A new reward: kind, cost, stock (not for code items: their pool is their stock) and its text. */
export function CreateItemForm() {
  const { t } = useTranslation('rewards');
  const create = useCreateRewardItem();
  const [kind, setKind] = useState<RewardKind>('physical');
  const [cost, setCost] = useState('');
  const [stock, setStock] = useState('0');
  const [unlimited, setUnlimited] = useState(false);
  const [name, setName] = useState(blankText);
  const [description, setDescription] = useState(blankText);
  const [created, setCreated] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setCreated(false);
    const input: CreateRewardItem = {
      kind,
      pointsCost: Number(cost),
      ...(isCodeKind(kind) ? {} : { stock: kind === 'charity' && unlimited ? null : Number(stock) }),
      name,
      description,
    };
    create.mutate(input, {
      onSuccess: () => {
        setCreated(true);
        setCost('');
        setName(blankText);
        setDescription(blankText);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t('console.catalogue.kind')} value={kind} onChange={(e) => setKind(e.target.value as RewardKind)} options={REWARD_KINDS.map((k) => ({ value: k, label: t(`catalogue.kinds.${k}`) }))} />
        <TextField label={t('console.catalogue.cost')} inputMode="numeric" required value={cost} onChange={(e) => setCost(e.target.value)} />
        {!isCodeKind(kind) && <TextField label={t('console.catalogue.stock')} inputMode="numeric" value={stock} disabled={kind === 'charity' && unlimited} onChange={(e) => setStock(e.target.value)} />}
      </div>
      {isCodeKind(kind) && <p className="text-sm text-slate-600">{t('console.catalogue.stockHint')}</p>}
      {kind === 'charity' && <Checkbox label={t('console.catalogue.unlimited')} checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} />}
      <div className="grid gap-4 sm:grid-cols-3">
        {LANGUAGES.map((l) => (
          <TextField key={l} label={t('console.catalogue.name', { language: t(`console.catalogue.languages.${l}`) })} required maxLength={80} value={name[l]} onChange={(e) => setName({ ...name, [l]: e.target.value })} />
        ))}
        {LANGUAGES.map((l) => (
          <TextField key={`d-${l}`} label={t('console.catalogue.description', { language: t(`console.catalogue.languages.${l}`) })} maxLength={500} value={description[l]} onChange={(e) => setDescription({ ...description, [l]: e.target.value })} />
        ))}
      </div>
      <div aria-live="polite" className="empty:hidden">
        {create.isError && (
          <AlertMessage tone="error">
            <p className="font-medium">{t('console.refused')}</p>
            <ul className="mt-1 list-disc pl-5">
              {redeemRefusals(t, create.error).map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </AlertMessage>
        )}
        {created && <AlertMessage tone="success">{t('console.catalogue.created')}</AlertMessage>}
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('console.catalogue.creating') : t('console.catalogue.create')}
      </Button>
    </form>
  );
}
