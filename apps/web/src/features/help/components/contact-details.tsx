import { Clock, Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { supportEmail } from '../faq-content';

const linkClass =
  'inline-flex items-center font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const termClass = 'flex items-center gap-2 text-sm text-slate-500';
const iconClass = 'size-4 shrink-0 text-slate-400';

export function ContactDetails({ phone }: { phone: string | null }) {
  const { t } = useTranslation('help');
  return (
    <section aria-labelledby="contact-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
        {t('contact.heading')}
      </h2>
      <address className="mt-4 not-italic">
        <dl className="grid gap-5 sm:grid-cols-3">
          {phone && (
            <div>
              <dt className={termClass}>
                <Phone aria-hidden="true" className={iconClass} />
                {t('contact.phoneLabel')}
              </dt>
              <dd className="mt-1 pl-6 text-sm">
                <a href={`tel:${phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                  {phone}
                </a>
              </dd>
            </div>
          )}
          <div>
            <dt className={termClass}>
              <Mail aria-hidden="true" className={iconClass} />
              {t('contact.emailLabel')}
            </dt>
            <dd className="mt-1 pl-6 text-sm">
              <a href={`mailto:${supportEmail}`} className={linkClass}>
                {supportEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className={termClass}>
              <Clock aria-hidden="true" className={iconClass} />
              {t('contact.hoursLabel')}
            </dt>
            <dd className="mt-1 pl-6 text-sm leading-6 text-slate-700">{t('contact.hours')}</dd>
          </div>
        </dl>
      </address>
    </section>
  );
}
