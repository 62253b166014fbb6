import { useEffect } from 'react';

/** `Entrar · Bora Jogar`; the bare name on the home page. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Bora Jogar` : 'Bora Jogar';
  }, [title]);
}
