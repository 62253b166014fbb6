import { Moon, Sun } from 'lucide-react';
import { toggleTheme, useTheme } from '../../lib/theme';

/**
 * Both icons are always there and the page's `dark` class picks one (set before the first paint): the markup the server
 * sent stays as it is when the app takes over with the stored theme. Swapping one icon for the other then would remove
 * the element under a pointer already pressed on it, and the browser would fire no click.
 */
export function ThemeToggle() {
  const isDark = useTheme() === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label="Alternar tema"
      title={isDark ? 'Usar tema claro' : 'Usar tema escuro'}
      className="inline-flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
    </button>
  );
}
