import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';

export type ToastTone = 'success' | 'error' | 'info';
type ToastItem = { id: number; message: string; tone: ToastTone };
type ToastApi = {
  show: (message: string, tone?: ToastTone) => void;
  /** Takes the error toasts away (a later success makes them wrong). */
  dismissErrors: () => void;
};

/** How long a toast stays (spec: players §9). */
export const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<ToastApi | null>(null);

const tones: Record<ToastTone, string> = {
  success: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  info: 'border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
};
const icons = { success: CircleCheck, error: CircleAlert, info: Info };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (message: string, tone: ToastTone = 'info') => {
      nextId.current += 1;
      const id = nextId.current;
      // The same message already on screen is not shown twice.
      setToasts((current) =>
        current.some((toast) => toast.message === message && toast.tone === tone) ? current : [...current.slice(-2), { id, message, tone }],
      );
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

  const dismissErrors = useCallback(() => {
    setToasts((current) => {
      for (const toast of current) if (toast.tone === 'error') window.clearTimeout(timers.current.get(toast.id));
      return current.filter((toast) => toast.tone !== 'error');
    });
  }, []);

  const api = useMemo(() => ({ show, dismissErrors }), [show, dismissErrors]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((toast) => {
          const Icon = icons[toast.tone];
          return (
            <div
              key={toast.id}
              role={toast.tone === 'error' ? 'alert' : 'status'}
              className={cn(
                'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg',
                tones[toast.tone],
              )}
            >
              <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p className="flex-1 text-sm font-medium">{toast.message}</p>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                aria-label="Fechar aviso"
                className="-m-3 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/5 dark:hover:bg-white/10"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast precisa de um ToastProvider');
  return api;
}

/**
 * Waits for a request the user started and toasts how it went: the server's pt-BR reply message, or its error
 * message (`failure` when it gave none). Never throws, so the caller can close its dialog after it either way.
 */
export async function toastReply(toast: ToastApi, request: Promise<{ message: string }>, failure: string): Promise<void> {
  try {
    toast.show((await request).message, 'success');
  } catch (error) {
    toast.show(errorMessage(error, failure), 'error');
  }
}
