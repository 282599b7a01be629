import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  intro: ReactNode;
  /** Controls for the whole page (a period select, an export link), kept at the header's end. */
  children?: ReactNode;
};

/** The portal page's one h1 and its introduction, with the page's controls beside them on wider screens. */
export function PageHeader({ title, intro, children }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </div>
  );
}
