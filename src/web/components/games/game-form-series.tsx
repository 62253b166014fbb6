import { useId } from 'react';
import { MAX_OCCURRENCES } from '../../../shared/rules/weekly-series';
import { MAX_SLOTS } from '../../../shared/schemas/user-games';
import { Input } from '../ui/input';
import { useGameFormContext } from './use-game-form';

/** "Repetir toda semana" when creating a game, and, ticked, how many weeks and how many places mensalistas keep. */
export function GameSeriesFields({ isRepeating }: { isRepeating: boolean }) {
  const { register, formState } = useGameFormContext();
  const { errors } = formState;
  const repeatId = useId();
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div>
        <label htmlFor={repeatId} className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
          <input
            id={repeatId}
            type="checkbox"
            aria-describedby={`${repeatId}-hint`}
            className="size-5 accent-brand-700"
            {...register('repeatWeekly')}
          />
          Repetir toda semana
        </label>
        <p id={`${repeatId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          Um racha semanal: o mesmo dia e horário toda semana. Os jogos das próximas cinco semanas são publicados já, e os seguintes entram
          toda semana; mensalistas têm vaga garantida em cada jogo.
        </p>
      </div>
      {isRepeating && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Quantas semanas"
            type="number"
            inputMode="numeric"
            required
            min={1}
            max={MAX_OCCURRENCES}
            step={1}
            hint={`De 1 a ${MAX_OCCURRENCES}.`}
            error={errors.occurrences?.message}
            {...register('occurrences')}
          />
          <Input
            label="Vagas de mensalistas"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_SLOTS}
            step={1}
            hint="Lugares guardados toda semana para quem paga o mês; o resto fica para os avulsos."
            error={errors.memberSlots?.message}
            {...register('memberSlots')}
          />
        </div>
      )}
    </div>
  );
}
