import { Moon, Sun } from 'lucide-react';
import { toggleTheme, useTheme } from '../../lib/theme';

export function ThemeToggle() {
  const theme = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label="Alternar tema"
      title={isDark ? 'Usar tema claro' : 'Usar tema escuro'}
      className="inline-flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {isDark ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
    </button>
  );
}
