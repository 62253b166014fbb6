import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { ScrollToTop } from '../scroll-to-top';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100 dark:bg-brand-950" aria-hidden="true">
      <div className="h-full w-1/3 animate-pulse bg-brand-600 dark:bg-brand-300" />
    </div>
  );
}

/** Skip link, header, the page, optional footer; shared by the three layouts. */
export function PageFrame({ header, children, withFooter = true }: { header: ReactNode; children?: ReactNode; withFooter?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <NavigationProgress />
      <a
        href="#conteudo"
        className="sr-only z-[80] rounded-xl bg-white px-4 py-3 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 dark:bg-slate-900 dark:text-brand-200"
      >
        Pular para o conteúdo
      </a>
      {header}
      <main id="conteudo" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:py-10">
        <Outlet />
      </main>
      {children}
      {withFooter && <SiteFooter />}
    </div>
  );
}
