import { MAX_SLOTS, MIN_SLOTS } from '../../../shared/schemas/user-games';
import { Input } from '../ui/input';
import { dayIn } from './game-form-values';
import { useGameFormContext } from './use-game-form';

type GameScheduleFieldsProps = {
  /** The chosen state's zone, whose calendar says which days are still to come. */
  timeZone: string;
  /** Editing: the game's own instant, whose day stays choosable even when already past. */
  unchangedDateTime?: Date;
};

/** When the game is, what it costs and how many play. */
export function GameScheduleFields({ timeZone, unchangedDateTime }: GameScheduleFieldsProps) {
  const { register, formState, setValue, watch } = useGameFormContext();
  const isFree = watch('free');
  const { errors } = formState;
  const today = dayIn(new Date(), timeZone);
  const originalDay = unchangedDateTime ? dayIn(unchangedDateTime, timeZone) : undefined;
  const minDate = originalDay && originalDay < today ? originalDay : today;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Input label="Data" type="date" required min={minDate} max="9999-12-31" error={errors.date?.message} {...register('date')} />
      <Input label="Horário" type="time" required hint="Horário de Brasília." error={errors.time?.message} {...register('time')} />
      <div className="space-y-2">
        <Input
          label="Preço (R$)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required={!isFree}
          readOnly={isFree}
          hint={isFree ? 'Jogo gratuito: ninguém paga para jogar.' : 'Por jogador, em reais (ex.: 15,50).'}
          error={errors.price?.message}
          {...register('price')}
        />
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            {...register('free', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (event.target.checked) setValue('price', '', { shouldValidate: formState.isSubmitted });
              },
            })}
          />
          Gratuito
        </label>
      </div>
      <Input
        label="Vagas"
        type="number"
        inputMode="numeric"
        required
        min={MIN_SLOTS}
        max={MAX_SLOTS}
        step={1}
        hint={`De ${MIN_SLOTS} a ${MAX_SLOTS}.`}
        error={errors.totalSlots?.message}
        {...register('totalSlots')}
      />
    </div>
  );
}
