import { TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { MAX_SLOTS, MIN_SLOTS, type GamePayloadInput } from '../../../../shared/schemas/user-games';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCities, useSports, useStates } from '../../../lib/queries/reference-data';
import { formFieldOf, validateGameForm, type GameFormField, type GameFormValues } from '../game-form-values';

type Original = { dateTime: string; formDateTime: string };

type GameFormProps = {
  defaultValues: GameFormValues;
  /** Editing: the game's own date, which may stay even when already past. */
  original?: Original;
  submitLabel: string;
  busyLabel: string;
  /** Saving, or saved and about to leave: the button stays busy. */
  isBusy: boolean;
  /** Sends the payload; a rejection with an `ApiError` puts its message and field errors on the form. */
  onSave: (payload: GamePayloadInput) => Promise<unknown>;
  /** Why nothing here can change (a cancelled game). */
  lockedReason?: ReactNode;
  /** Payment mode is fixed once someone registered. */
  isPaymentLocked?: boolean;
  /** Server error fallback ("Erro ao criar jogo"). */
  errorFallback: string;
};

function Radio({ name, checked, onChange, disabled, children }: { name: string; checked: boolean; onChange: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-950' : 'border-slate-300 dark:border-slate-600',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} disabled={disabled} className="size-5 shrink-0 accent-brand-700" />
      <span>{children}</span>
    </label>
  );
}

function toFieldErrors(fields: Partial<Record<GameFormField, string>>): FieldErrors<GameFormValues> {
  const errors: FieldErrors<GameFormValues> = {};
  for (const [field, message] of Object.entries(fields)) errors[field as GameFormField] = { type: 'validate', message };
  return errors;
}

/**
 * The organiser's game form (organisers §2, §5): one date-and-time input, checked with the shared
 * `validateGamePayload` the server runs, so the messages are the same on both sides.
 */
export function GameForm({ defaultValues, original, submitLabel, busyLabel, isBusy, onSave, lockedReason, isPaymentLocked = false, errorFallback }: GameFormProps) {
  const resolver: Resolver<GameFormValues, unknown, GamePayloadInput> = (values) => {
    const result = validateGameForm(values, { now: new Date(), original });
    return result.success ? { values: result.payload, errors: {} } : { values: {}, errors: toFieldErrors(result.fields) };
  };
  const { register, control, handleSubmit, setValue, setError, formState } = useForm<GameFormValues, unknown, GamePayloadInput>({
    defaultValues,
    resolver,
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control }) as GameFormValues;
  const { errors } = formState;
  const [serverError, setServerError] = useState<string | undefined>();
  const descriptionId = useId();
  const publishId = useId();

  const sports = useSports();
  const states = useStates();
  const stateId = values.stateId ? Number(values.stateId) : undefined;
  const cities = useCities(stateId);
  const isLocked = lockedReason !== undefined;
  const isPublic = values.visibility === 'public';

  // The summary follows the fields once the organiser has tried to save: fixing one updates it.
  const summary =
    formState.submitCount > 0 && !formState.isSubmitSuccessful && Object.keys(errors).length > 0
      ? validateGameForm(values, { now: new Date(), original })
      : undefined;
  const summaryMessage = summary && !summary.success ? summary.message : undefined;

  const submit = handleSubmit(async (payload) => {
    if (isLocked || isBusy) return;
    setServerError(undefined);
    try {
      await onSave(payload);
    } catch (error) {
      setServerError(errorMessage(error, errorFallback));
      if (error instanceof ApiError && error.fields) {
        for (const [key, message] of Object.entries(error.fields)) {
          const field = formFieldOf(key);
          if (field) setError(field, { type: 'server', message });
        }
      }
    }
  });

  const referenceFailed = sports.isError || states.isError;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      {lockedReason !== undefined && <Alert tone="warning" title="Este jogo não pode ser editado">{lockedReason}</Alert>}
      {(summaryMessage ?? serverError) && <Alert tone="error">{summaryMessage ?? serverError}</Alert>}
      {referenceFailed && <Alert tone="error">Erro ao carregar dados de referência</Alert>}

      <fieldset disabled={isLocked} className="min-w-0 space-y-6">
        <div className="grid gap-4 md:grid-cols-2">
          <Input label="Nome" required maxLength={100} autoComplete="off" placeholder="Ex.: Vôlei de Quinta" error={errors.name?.message} className="md:col-span-2" {...register('name')} />
          <Input label="Local" required maxLength={200} placeholder="Ex.: Ginásio do Estreito" error={errors.location?.message} {...register('location')} />
          <Input label="Endereço (opcional)" maxLength={300} placeholder="Rua, número, bairro, cidade" error={errors.address?.message} {...register('address')} />
        </div>

        <div className="grid gap-4 md:grid-cols-3">
          <Controller
            control={control}
            name="sportId"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <Select
                label={isPublic ? 'Esporte' : 'Esporte (opcional)'}
                placeholder={sports.isPending ? 'Carregando...' : 'Selecione o esporte'}
                options={(sports.data ?? []).map((sport) => ({ value: String(sport.id), label: sport.name }))}
                error={errors.sportId?.message}
                {...{ value, onChange, onBlur, ref, name }}
              />
            )}
          />
          <Controller
            control={control}
            name="stateId"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <Select
                label={isPublic ? 'Estado' : 'Estado (opcional)'}
                placeholder={states.isPending ? 'Carregando...' : 'Selecione o estado'}
                options={(states.data ?? []).map((state) => ({ value: String(state.id), label: `${state.name} (${state.uf})` }))}
                error={errors.stateId?.message}
                {...{ value, onBlur, ref, name }}
                onChange={(event) => {
                  onChange(event.target.value);
                  // Another state's cities: the chosen city no longer belongs.
                  setValue('cityId', '', { shouldValidate: formState.submitCount > 0 });
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="cityId"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <Select
                label={isPublic ? 'Cidade' : 'Cidade (opcional)'}
                placeholder={cities.isFetching ? 'Carregando cidades...' : 'Selecione a cidade'}
                // A failed city load leaves the list empty (spec §8).
                options={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
                disabled={stateId === undefined}
                hint={stateId === undefined ? 'Selecione um estado primeiro' : undefined}
                error={errors.cityId?.message}
                {...{ value, onChange, onBlur, ref, name }}
              />
            )}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <Input
            label="Data e hora"
            type="datetime-local"
            required
            hint="Horário de Brasília."
            error={errors.dateTime?.message}
            {...register('dateTime')}
          />
          <Input
            label="Preço (R$)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0,00"
            hint="Deixe vazio para um jogo gratuito."
            error={errors.price?.message}
            {...register('price')}
          />
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

        <div>
          <label htmlFor={descriptionId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
            Descrição
          </label>
          <textarea
            id={descriptionId}
            rows={5}
            maxLength={5000}
            placeholder="Nível do jogo, o que levar, regras da quadra..."
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy(descriptionId, errors.description?.message, true)}
            className={cn(fieldClasses, fieldBorder(Boolean(errors.description)))}
            {...register('description')}
          />
          <FieldMessages
            id={descriptionId}
            error={errors.description?.message}
            hint="Aceita formatação básica em HTML (<b>, <i>, listas) e links (<a href>); as quebras de linha são mantidas."
          />
        </div>

        <div className="grid gap-6 md:grid-cols-2">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">Visibilidade</legend>
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
                </div>
              )}
            />
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">Pagamento</legend>
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
            {errors.payment?.message && <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">{errors.payment.message}</p>}
            {values.payment === 'external' && (
              <p className="mt-3 flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                Os participantes serão orientados a combinar o pagamento diretamente com você, o organizador. A plataforma não cobra nem reembolsa esse valor.
              </p>
            )}
          </fieldset>
        </div>

        <div>
          <label htmlFor={publishId} className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
            <input id={publishId} type="checkbox" aria-describedby={`${publishId}-hint`} className="size-5 accent-brand-700" {...register('publish')} />
            Publicar agora
          </label>
          <p id={`${publishId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {values.publish
              ? isPublic
                ? 'O jogo aparece no catálogo e já aceita inscrições.'
                : 'Quem tiver o link já pode se inscrever.'
              : 'Sem marcar, o jogo fica salvo como rascunho e só você vê.'}
          </p>
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
        <Link to="/my-games" className={buttonClasses('secondary')}>
          Voltar
        </Link>
        {!isLocked && (
          <Button type="submit" size="lg" busy={isBusy || formState.isSubmitting} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
