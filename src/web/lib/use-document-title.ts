import { createContext, useContext, useEffect } from 'react';
import type { SharePreview } from '../../shared/ssr';

/** `Entrar · Bora Jogar`; the bare name on the home page. */
export function documentTitle(title?: string): string {
  return title ? `${title} · Bora Jogar` : 'Bora Jogar';
}

/** The server render collects the page's title through this, for the HTML's `<title>`. */
export const ServerTitleContext = createContext<((title: string) => void) | null>(null);

export function useDocumentTitle(title?: string): void {
  useContext(ServerTitleContext)?.(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** The server render collects the page's link preview through this, for the HTML's Open Graph tags. */
export const ServerShareContext = createContext<((share: SharePreview) => void) | null>(null);

/** Sets the link preview of a page the server renders; crawlers read only that HTML, so the browser has nothing to do. */
export function useSharePreview(share: SharePreview | null): void {
  const collect = useContext(ServerShareContext);
  if (share) collect?.(share);
}
