import { LogOut, Menu } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@/lib/session';
import { BrandLogo } from './brand-logo';
import { useSignOut } from './use-sign-out';

type TopBarProps = {
  title: string | undefined;
  user: SessionUser;
  drawerId: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
};

function initials(name: string, email: string) {
  const source = name.trim() || email;
  const letters = source
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0));
  return letters.join('').toLocaleUpperCase() || '?';
}

export function TopBar({ title, user, drawerId, drawerOpen, onOpenDrawer, menuButtonRef }: TopBarProps) {
  const { t } = useTranslation('portal');
  const signOut = useSignOut();
  const displayName = user.name.trim() || user.email;

  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 lg:px-8">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenDrawer}
        aria-label={t('menu.open')}
        aria-expanded={drawerOpen}
        aria-controls={drawerId}
        className="-ml-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <div className="lg:hidden">
        <BrandLogo />
      </div>
      {title && <p className="hidden text-sm font-medium text-slate-500 lg:block">{title}</p>}

      <div className="ml-auto flex items-center gap-3">
        {signOut.isError && (
          <p role="alert" className="hidden text-sm text-red-700 md:block">
            {t('account.signOutFailed')}
          </p>
        )}
        <div className="flex items-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
          >
            {initials(user.name, user.email)}
          </span>
          <span className="hidden max-w-48 truncate text-sm font-medium text-slate-700 sm:block">{displayName}</span>
        </div>
        <span aria-hidden="true" className="hidden h-6 w-px bg-slate-200 sm:block" />
        <button
          type="button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          className="inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">
            {signOut.isPending ? t('account.signingOut') : t('account.signOut')}
          </span>
        </button>
      </div>
    </header>
  );
}
