import { createContext, useContext, useEffect } from 'react';

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
