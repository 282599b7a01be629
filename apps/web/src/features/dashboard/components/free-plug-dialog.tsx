import { FREE_PLUG_MESSAGES, orderFreePlugSchema } from '@peakwise/contracts/free-plug-order.contract';
import { REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { EMPTY_ADDRESS, ShippingAddressFields, toShippingAddress, withPlaceOfPostalCode, type AddressDraft } from '@/components/shipping-address-fields';
import type { FieldDetail } from '@/lib/server-error';
import { useSession } from '@/lib/session';
import { FreePlugOrderError, useOrderFreePlug } from '../api/free-plug-order';
import { useHome } from '../api/use-home';

/** 16 random bytes in hex: fits the server's key pattern, and works on plain-http origins too. */
function newKey(): string {
  return `free-plug-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const REWARD_SENTENCES = Object.entries(REWARD_MESSAGES) as [keyof typeof REWARD_MESSAGES, string][];
const FREE_PLUG_SENTENCES = Object.entries(FREE_PLUG_MESSAGES) as [keyof typeof FREE_PLUG_MESSAGES, string][];

/**
 * The free plug's order form (issue 30, decision 090): the same Canadian address fields and
 * contract as a reward's, checked here first so a mistake is named before anything is sent. A
 * chunk of its own, loaded when the member opens it. Mount it afresh for each order: its
 * Idempotency-Key is made once, so a double click or a retry names the same order.
 */
export default function FreePlugDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, ready } = useTranslation(['firstSteps', 'rewards']);
  const order = useOrderFreePlug();
  const [key] = useState(newKey);
  const session = useSession();
  const home = useHome();
  const memberName = session.status === 'signed-in' ? session.user.name.trim() : '';
  const homePostalCode = home.data?.postalCode ?? null;
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  // What Peakwise knows already, filled in once it is known and while the field is still empty:
  // the member's name, and the home's postal code (with the province and city it decides).
  useEffect(() => {
    setAddress((draft) => {
      let next = draft;
      if (next.name === '' && memberName) next = { ...next, name: memberName };
      if (next.postalCode === '' && homePostalCode) next = withPlaceOfPostalCode({ ...next, postalCode: homePostalCode }, next);
      return next;
    });
  }, [memberName, homePostalCode]);
  const [local, setLocal] = useState<FieldDetail[]>([]);
  // Two clicks in one frame both see isPending false; the ref stops the second.
  const sending = useRef(false);

  /** A contract sentence in the reader's language; an unknown one as it came. */
  const say = (sentence: string): string => {
    const free = FREE_PLUG_SENTENCES.find(([, known]) => known === sentence);
    if (free) return t(`firstSteps:freePlug.serverErrors.${free[0]}`);
    const reward = REWARD_SENTENCES.find(([, known]) => known === sentence);
    return reward ? t(`rewards:serverErrors.${reward[0]}`) : sentence;
  };
  const error = order.error instanceof FreePlugOrderError ? order.error : null;
  const details = local.length > 0 ? local : (error?.details ?? []);
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const d of details) if (d.path.startsWith('shippingAddress.')) fieldErrors[d.path.slice('shippingAddress.'.length)] ??= say(d.message);
  const refusal = local.length > 0 ? null : order.isError ? (!error || error.status === 0 ? t('firstSteps:freePlug.network') : error.details.length === 0 && error.serverMessage ? say(error.serverMessage) : null) : null;

  const close = () => {
    if (!order.isPending) onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const input = { shippingAddress: toShippingAddress(address) };
    const checked = orderFreePlugSchema.safeParse(input);
    if (!checked.success) {
      setLocal(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      return;
    }
    setLocal([]);
    sending.current = true;
    order.mutate(
      { key, input },
      {
        onSuccess: () => onClose(),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  if (!ready) return null;
  return (
    <Modal open={open} onClose={close} placement="center" title={t('firstSteps:freePlug.dialogTitle')} description={t('firstSteps:freePlug.dialogIntro')}>
      <form className="space-y-5" onSubmit={submit} noValidate>
        <ShippingAddressFields value={address} onChange={setAddress} errors={fieldErrors} disabled={order.isPending} />
        {home.isSuccess && homePostalCode === null ? <p className="text-sm text-slate-700">{t('firstSteps:freePlug.homeNote')}</p> : null}
        <div aria-live="polite" className="empty:hidden">
          {details.length > 0 && <AlertMessage tone="error">{t('firstSteps:freePlug.fixAddress')}</AlertMessage>}
          {refusal && <AlertMessage tone="error">{refusal}</AlertMessage>}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={order.isPending}>
            {t('firstSteps:freePlug.cancel')}
          </Button>
          <Button type="submit" disabled={order.isPending}>
            {order.isPending ? t('firstSteps:freePlug.ordering') : t('firstSteps:freePlug.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
