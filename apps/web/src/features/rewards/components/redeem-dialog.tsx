import type { CatalogueItem, RewardOrder } from '@peakwise/contracts/rewards.contract';
import { needsShipping } from '@peakwise/domain/reward-rules';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useDemoSharedText } from '@/lib/demo-shared-text';
import { formatNumber, useIntlLocale } from '@/lib/format';
import { useRedeem } from '../api/use-redeem';
import { newIdempotencyKey } from '../idempotency-key';
import { addressFieldErrors, redeemRefusals } from '../redeem-error';
import { useLocalized } from '../use-localized';
import { EMPTY_ADDRESS, ShippingAddressFields, toShippingAddress, type AddressDraft } from '@/components/shipping-address-fields';

type RedeemDialogProps = { item: CatalogueItem | null; balance: number; onClose: () => void; onRedeemed: (order: RewardOrder) => void };

/**
 * The confirmation: what it costs and what is left after. Mount it afresh for each confirmation
 * (a new React key): its Idempotency-Key is made once, so a double click, a retry after a lost
 * answer or pressing Redeem again after fixing the address all name the same redemption.
 */
export function RedeemDialog({ item, balance, onClose, onRedeemed }: RedeemDialogProps) {
  const { t } = useTranslation('rewards');
  const demoShared = useDemoSharedText();
  const locale = useIntlLocale();
  const localized = useLocalized();
  const redeem = useRedeem();
  const [key] = useState(newIdempotencyKey);
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  // Two clicks in one frame both see isPending false; the ref stops the second.
  const sending = useRef(false);

  const name = item ? localized(item.name) : '';
  const cost = item?.pointsCost ?? 0;
  const shipped = item ? needsShipping(item.kind) : false;
  // The balance may have dropped since the card was pressed (another tab, a cash-out): then the
  // dialog says what is missing rather than a negative balance, and cannot be confirmed.
  const short = Math.max(0, cost - balance);
  const format = (n: number) => t('points', { count: n, points: formatNumber(n, locale, 0) });
  const close = () => {
    if (!redeem.isPending) onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!item || sending.current || short > 0) return;
    sending.current = true;
    redeem.mutate(
      { key, input: { itemId: item.id, quantity: 1, ...(shipped ? { shippingAddress: toShippingAddress(address) } : {}) } },
      {
        onSuccess: (order) => onRedeemed(order),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Modal open={item !== null} onClose={close} placement="center" title={t('redeem.title', { name })}>
      <form className="space-y-5" onSubmit={submit} noValidate>
        <dl className="grid grid-cols-3 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
          <div>
            <dt className="text-slate-600">{t('redeem.balance')}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{format(balance)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('redeem.cost')}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{format(cost)}</dd>
          </div>
          {short > 0 ? (
            <div>
              <dt className="text-slate-600">{t('redeem.missing')}</dt>
              <dd className="font-semibold text-red-700 tabular-nums" data-testid="points-missing">
                {format(short)}
              </dd>
            </div>
          ) : (
            <div>
              <dt className="text-slate-600">{t('redeem.after')}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-testid="balance-after">
                {format(balance - cost)}
              </dd>
            </div>
          )}
        </dl>
        {short > 0 && <AlertMessage tone="error">{t('redeem.notEnough', { count: short, points: formatNumber(short, locale, 0) })}</AlertMessage>}
        {item && (item.kind === 'gift_card' || item.kind === 'discount_code') && <p className="text-sm text-slate-600">{t('redeem.codeNote')}</p>}
        {item?.kind === 'charity' && <p className="text-sm text-slate-600">{t('redeem.charityNote')}</p>}
        {shipped && <ShippingAddressFields value={address} onChange={setAddress} errors={redeem.isError ? addressFieldErrors(t, redeem.error) : {}} disabled={redeem.isPending} />}
        <div aria-live="polite" className="empty:hidden">
          {redeem.isError && (
            <AlertMessage tone="error">
              <p className="font-medium">{t('redeem.refused')}</p>
              <ul className="mt-1 list-disc pl-5">
                {(demoShared(redeem.error) ? [demoShared(redeem.error)!] : redeemRefusals(t, redeem.error)).map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </AlertMessage>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={redeem.isPending}>
            {t('redeem.cancel')}
          </Button>
          <Button type="submit" disabled={redeem.isPending || !item || short > 0}>
            {redeem.isPending ? t('redeem.redeeming') : t('redeem.confirm', { points: formatNumber(cost, locale, 0) })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
