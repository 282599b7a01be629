import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';

type NotAvailableProps = {
  title: string;
  description: string;
  /** Optional follow-up, such as a link to help. */
  children?: ReactNode;
};

/** A calm, honest placeholder for a section that has not been built yet — never fake numbers. */
export function NotAvailable({ title, description, children }: NotAvailableProps) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center sm:px-10">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Hourglass aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm leading-6 text-slate-600">{description}</p>
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}
