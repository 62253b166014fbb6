import { useToast } from './toast';

/** Copies text to the clipboard and says so in a toast, or says how to copy it by hand. */
export function useCopy(): (text: string, done: string) => Promise<void> {
  const toast = useToast();
  return async (text, done) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show(done, 'success');
    } catch {
      toast.show('Não foi possível copiar. Selecione o link e copie manualmente.', 'error');
    }
  };
}
