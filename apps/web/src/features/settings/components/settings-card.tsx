import { useId, type ReactNode } from 'react';

type SettingsCardProps = { title: string; description?: string; children: ReactNode; tone?: 'default' | 'danger'; id?: string };

/** One settings section: a labelled region with its own heading. */
export function SettingsCard({ title, description, children, tone = 'default', id }: SettingsCardProps) {
  const headingId = useId();
  const border = tone === 'danger' ? 'border-red-200' : 'border-slate-200';
  return (
    <section id={id} aria-labelledby={headingId} className={`rounded-2xl border bg-white shadow-sm ${border}`}>
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id={headingId} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
