import { ExternalLink, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { TIME_ZONE } from '../../../shared/dates';
import { MAX_OCCURRENCES } from '../../../shared/rules/weekly-series';
import type { CreateSeriesInput } from '../../../shared/schemas/series';
import { MAX_SLOTS, MIN_SLOTS, type GamePayloadInput } from '../../../shared/schemas/user-games';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCities, useSports, useStates } from '../../lib/queries/reference-data';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages, Input } from '../ui/input';
import { Select } from '../ui/select';
import { canPublish, dayIn, formFieldsOf, toSeriesPayload, validateGameForm, type GameFormField, type GameFormValues } from './game-form-values';

type GameFormProps = {
  defaultValues: GameFormValues;
  /** Editing: the game's own instant, which may stay even when already past. */
  unchangedDateTime?: Date;
  submitLabel: string;
  busyLabel: string;
  /** Saving, or saved and about to leave: the button stays busy. */
  isBusy: boolean;
  /** Sends the payload; a rejection puts its message (and an `ApiError`'s field errors) on the form. */
  onSave: (payload: GamePayloadInput) => Promise<unknown>;
  /** Said when a failed save brings no message of its own ("Erro ao criar jogo"). */
  errorFallback: string;
  /** Where "leave without saving" goes, and its label. */
  leave: { to: string; label: string };
  /** Why nothing here can change (a cancelled game); the fields stay readable. */
  lockedReason?: ReactNode;
  /** Payment mode is fixed once someone registered. */
  isPaymentLocked?: boolean;
  /** Creating a game: offers "Repetir toda semana", which saves a weekly series through this instead of onSave. */
  onSaveSeries?: (payload: CreateSeriesInput) => Promise<unknown>;
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
 * The game form of organisers and admins (create and edit; decision 016): the spec's messages above the
 * fields, the same rules the server runs, the server's field errors under their fields, and a second submit
 * while one is on its way ignored.
 */
export function GameForm({
  defaultValues,
  unchangedDateTime,
  submitLabel,
  busyLabel,
  isBusy,
  onSave,
  errorFallback,
  leave,
  lockedReason,
  isPaymentLocked = false,
  onSaveSeries,
}: GameFormProps) {
  const states = useStates();
  // A date and time typed are read on the clocks of the chosen state (São Paulo's until one is chosen).
  const timeZoneOf = (values: GameFormValues) => states.data?.find((state) => String(state.id) === values.stateId)?.timeZone ?? TIME_ZONE;
  const validate = (values: GameFormValues) => validateGameForm(values, { now: new Date(), unchangedDateTime, timeZone: timeZoneOf(values) });
  const resolver: Resolver<GameFormValues, unknown, GamePayloadInput> = (values) => {
    const result = validate(values);
    return result.success ? { values: result.payload, errors: {} } : { values: {}, errors: toFieldErrors(result.fields) };
  };
  const { register, control, handleSubmit, setValue, setError, getValues, formState } = useForm<GameFormValues, unknown, GamePayloadInput>({
    defaultValues,
    resolver,
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control }) as GameFormValues;
  const { errors } = formState;
  const [saveError, setSaveError] = useState<string | undefined>();
  // Set before the first re-render, so a double click in the same tick is ignored too.
  const isSending = useRef(false);
  const descriptionId = useId();
  const publishId = useId();
  const repeatId = useId();

  const sports = useSports();
  const stateId = values.stateId ? Number(values.stateId) : undefined;
  const cities = useCities(stateId);
  const isLocked = lockedReason !== undefined;
  const isPublic = values.visibility === 'public';
  const isPublishable = canPublish(values);
  const referenceError = [sports, states].find((query) => query.isError)?.error;

  const timeZone = timeZoneOf(values);
  const today = dayIn(new Date(), timeZone);
  const originalDay = unchangedDateTime ? dayIn(unchangedDateTime, timeZone) : undefined;
  const minDate = originalDay && originalDay < today ? originalDay : today;

  // The summary follows the fields once a save was tried: fixing one updates it.
  const summary = formState.submitCount > 0 && !formState.isSubmitSuccessful && Object.keys(errors).length > 0 ? validate(values) : undefined;
  const summaryMessage = summary && !summary.success ? summary.message : undefined;
  const mapQuery = (values.address ?? '').trim();

  const save = async (payload: GamePayloadInput) => {
    setSaveError(undefined);
    try {
      const current = getValues();
      if (onSaveSeries && current.repeatWeekly) await onSaveSeries(toSeriesPayload(payload, current));
      else await onSave(payload);
    } catch (error) {
      setSaveError(errorMessage(error, errorFallback));
      if (error instanceof ApiError && error.fields) {
        for (const [key, message] of Object.entries(error.fields)) for (const field of formFieldsOf(key)) setError(field, { type: 'server', message });
      }
    }
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLocked || isBusy || isSending.current) return;
    isSending.current = true;
    try {
      await handleSubmit(save)(event);
    } finally {
      isSending.current = false;
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6" aria-label={submitLabel}>
      {isLocked && <Alert tone="warning" title="Este jogo não pode ser editado">{lockedReason}</Alert>}
      {(summaryMessage ?? saveError) && <Alert tone="error">{summaryMessage ?? saveError}</Alert>}
      {referenceError !== undefined && <Alert tone="error">Erro ao carregar dados de referência</Alert>}

      <fieldset disabled={isLocked} className="min-w-0 space-y-6">
        <div className="grid gap-4 md:grid-cols-2">
          <Input label="Nome do jogo" required maxLength={100} autoComplete="off" placeholder="Ex.: Vôlei de Quinta" error={errors.name?.message} className="md:col-span-2" {...register('name')} />
          <Input label="Local" required maxLength={200} placeholder="Ex.: Ginásio do Estreito" error={errors.location?.message} {...register('location')} />
          <div>
            <Input
              label="Endereço (opcional)"
              maxLength={300}
              placeholder="Rua, número, bairro, cidade"
              hint="Usado para mostrar o mapa do local aos jogadores."
              error={errors.address?.message}
              {...register('address')}
            />
            {mapQuery && (
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery)}`}
                target="_blank"
                rel="noopener noreferrer"
                referrerPolicy="no-referrer"
                className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                Conferir no mapa
                <span className="sr-only"> (abre em outra aba)</span>
              </a>
            )}
          </div>
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
                // A failed city load leaves the list empty (spec §8) and says so.
                options={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
                disabled={stateId === undefined}
                hint={stateId === undefined ? 'Selecione um estado primeiro' : undefined}
                error={errors.cityId?.message ?? (cities.isError ? errorMessage(cities.error, 'Erro ao carregar cidades') : undefined)}
                {...{ value, onChange, onBlur, ref, name }}
              />
            )}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Input label="Data" type="date" required min={minDate} max="9999-12-31" error={errors.date?.message} {...register('date')} />
          <Input label="Horário" type="time" required hint="Horário de Brasília." error={errors.time?.message} {...register('time')} />
          <Input label="Preço (R$)" type="number" inputMode="decimal" min={0} step={0.01} placeholder="15,00" hint="Vazio para um jogo gratuito." error={errors.price?.message} {...register('price')} />
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
            {isPaymentLocked && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">A forma de pagamento não muda depois que alguém se inscreve.</p>}
            {errors.payment?.message && <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">{errors.payment.message}</p>}
            {values.payment === 'external' && (
              <p className="mt-3 flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                Os participantes serão orientados a combinar o pagamento diretamente com o organizador. A plataforma não cobra nem reembolsa esse valor.
              </p>
            )}
          </fieldset>
        </div>

        {onSaveSeries && (
          <div className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <div>
              <label htmlFor={repeatId} className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
                <input id={repeatId} type="checkbox" aria-describedby={`${repeatId}-hint`} className="size-5 accent-brand-700" {...register('repeatWeekly')} />
                Repetir toda semana
              </label>
              <p id={`${repeatId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
                Um racha semanal: o mesmo dia e horário toda semana. Os jogos das próximas cinco semanas são publicados já, e os seguintes
                entram toda semana; mensalistas têm vaga garantida em cada jogo.
              </p>
            </div>
            {values.repeatWeekly && (
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
        )}

        {!(onSaveSeries && values.repeatWeekly) && (
          <div>
            <label htmlFor={publishId} className={cn('inline-flex min-h-11 items-center gap-3 font-semibold', isPublishable ? 'cursor-pointer' : 'cursor-not-allowed text-slate-500 dark:text-slate-400')}>
              <input id={publishId} type="checkbox" disabled={!isPublishable} aria-describedby={`${publishId}-hint`} className="size-5 accent-brand-700" {...register('publish')} />
              Publicar imediatamente
            </label>
            <p id={`${publishId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
              {!isPublishable
                ? isPublic
                  ? 'Preencha os campos obrigatórios, o esporte, o estado e a cidade para poder publicar.'
                  : 'Preencha os campos obrigatórios para poder publicar.'
                : values.publish
                  ? isPublic
                    ? 'O jogo aparece no catálogo e já aceita inscrições.'
                    : 'Quem tiver o link já pode se inscrever.'
                  : 'Sem marcar, o jogo fica salvo como rascunho e não aparece para os jogadores.'}
            </p>
          </div>
        )}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
        <Link to={leave.to} className={buttonClasses('secondary')}>
          {leave.label}
        </Link>
        {!isLocked && (
          <Button type="submit" size="lg" busy={isBusy || formState.isSubmitting} busyLabel={busyLabel}>
            {onSaveSeries && values.repeatWeekly ? 'Criar série' : submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
