import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { useGameFormContext } from './use-game-form';

function Radio({
  name,
  checked,
  onChange,
  disabled,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-950' : 'border-slate-300 dark:border-slate-600',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className="size-5 shrink-0 accent-brand-700"
      />
      <span>{children}</span>
    </label>
  );
}

const legendClasses = 'mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200';

type GameChoiceFieldsProps = {
  /** Payment mode is fixed once someone registered. */
  isPaymentLocked: boolean;
  /** Paid outside the platform: players are told to settle it with the organiser. */
  isExternalPayment: boolean;
  /** The turma of the game, when it has one: "only the turma" is then a choice. */
  groupName?: string;
};

/** Who sees the game (catalogue or link only) and how it is paid (through the platform or outside it). */
export function GameChoiceFields({ isPaymentLocked, isExternalPayment, groupName }: GameChoiceFieldsProps) {
  const { control, formState } = useGameFormContext();
  const paymentError = formState.errors.payment?.message;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <fieldset>
        <legend className={legendClasses}>Visibilidade</legend>
        <Controller
          control={control}
          name="visibility"
          render={({ field: { value, onChange } }) => (
            <div className="grid gap-2">
              <Radio name="visibility" checked={value === 'public'} onChange={() => onChange('public')}>
                Público (aparece no catálogo)
              </Radio>
              <Radio name="visibility" checked={value === 'private'} onChange={() => onChange('private')}>
                Privado (apenas por link)
              </Radio>
              {(groupName !== undefined || value === 'group') && (
                <Radio name="visibility" checked={value === 'group'} onChange={() => onChange('group')}>
                  Só a turma{groupName ? ` (${groupName})` : ''}
                </Radio>
              )}
            </div>
          )}
        />
      </fieldset>
      <fieldset>
        <legend className={legendClasses}>Pagamento</legend>
        <Controller
          control={control}
          name="payment"
          render={({ field: { value, onChange } }) => (
            <div className="grid gap-2">
              <Radio name="payment" checked={value === 'platform'} onChange={() => onChange('platform')} disabled={isPaymentLocked}>
                Pela plataforma (checkout integrado)
              </Radio>
              <Radio name="payment" checked={value === 'external'} onChange={() => onChange('external')} disabled={isPaymentLocked}>
                Por fora (combinar diretamente)
              </Radio>
            </div>
          )}
        />
        {isPaymentLocked && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">A forma de pagamento não muda depois que alguém se inscreve.</p>
        )}
        {paymentError && <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">{paymentError}</p>}
        {isExternalPayment && (
          <p className="mt-3 flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Os participantes serão orientados a combinar o pagamento diretamente com o organizador. A plataforma não cobra nem reembolsa
            esse valor.
          </p>
        )}
      </fieldset>
    </div>
  );
}
