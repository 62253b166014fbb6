import { passwordStrength, type PasswordStrength } from '../../../../shared/rules/password-strength';
import { messages } from '../../../../shared/messages';
import { cn } from '../../../lib/cn';

const levels: Record<PasswordStrength, { label: string; bars: number; color: string; text: string }> = {
  weak: { label: 'Fraca', bars: 1, color: 'bg-red-600 dark:bg-red-400', text: 'text-red-700 dark:text-red-400' },
  medium: { label: 'Média', bars: 2, color: 'bg-amber-500 dark:bg-amber-400', text: 'text-amber-800 dark:text-amber-300' },
  strong: { label: 'Forte', bars: 3, color: 'bg-green-600 dark:bg-green-400', text: 'text-green-800 dark:text-green-300' },
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  if (password === '') return null;
  const level = levels[passwordStrength(password)];
  return (
    <div className="mt-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span key={bar} className={cn('h-1.5 flex-1 rounded-full', bar <= level.bars ? level.color : 'bg-slate-200 dark:bg-slate-700')} />
        ))}
      </div>
      <p className={cn('mt-1 text-sm font-medium', level.text)}>Força da senha: {level.label}</p>
    </div>
  );
}

/** The hint under a new password field: the rule until it is met, then that it is. */
export function newPasswordHint(password: string): string {
  return password.length >= 6 ? messages.passwordValid : 'Use pelo menos 6 caracteres.';
}
