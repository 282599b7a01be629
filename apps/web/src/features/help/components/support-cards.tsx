import { BookOpen, Mail, Phone, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { supportEmail } from '../faq-content';

type Card = { key: 'phone' | 'email' | 'guide'; icon: LucideIcon; href: string; detail?: string };

/** The ways to get help; the phone card only when a support line is configured. */
export function SupportCards({ phone }: { phone: string | null }) {
  const { t } = useTranslation('help');
  const cards: Card[] = [
    ...(phone ? [{ key: 'phone' as const, icon: Phone, href: `tel:${phone.replace(/[^+0-9]/g, '')}`, detail: phone }] : []),
    { key: 'email', icon: Mail, href: `mailto:${supportEmail}`, detail: supportEmail },
    { key: 'guide', icon: BookOpen, href: '#user-guide' },
  ];
  return (
    <section aria-labelledby="support-heading" className="space-y-4">
      <h2 id="support-heading" className="text-lg font-semibold text-slate-900">
        {t('support.heading')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3 lg:grid-cols-1">
        {cards.map(({ key, icon: Icon, href, detail }) => (
          <li key={key} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:p-4">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="font-semibold text-slate-900">{t(`support.${key}.title`)}</h3>
            </div>
            <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{t(`support.${key}.body`)}</p>
            {detail && <p className="mt-3 text-sm font-semibold text-slate-900">{detail}</p>}
            <a
              href={href}
              className="mt-4 inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {t(`support.${key}.action`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
