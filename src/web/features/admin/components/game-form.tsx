import { ExternalLink } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { MAX_SLOTS, MIN_SLOTS, type GamePayloadInput } from '../../../../shared/schemas/user-games';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCities, useSports, useStates } from '../../../lib/queries/reference-data';
import { canPublish, saoPauloDay, toGamePayload, type GameFormField, type GameFormValues } from '../game-form-rules';

type GameFormProps = {
  initialValues: GameFormValues;
  submitLabel: string;
  busyLabel: string;
  isSubmitting: boolean;
  /** Called with a payload that passed the form's rules; the page sends it and settles when the save does. */
  onSubmit: (payload: GamePayloadInput) => Promise<unknown>;
  onCancel: () => void;
  /** A failed save, already worded ("Erro ao criar jogo: ..."). */
  submitError?: string;
  /** An edit may keep a date already past; anything else must be in the future. */
  unchangedDateTime?: Date;
  /** Why the form cannot be saved at all (a cancelled game); the fields stay readable. */
  lockedReason?: string;
};

function Radio({ name, value, checked, onChange, children, disabled }: { name: string; value: string; checked: boolean; onChange: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-950' : 'border-slate-300 dark:border-slate-600',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} disabled={disabled} className="size-5 accent-brand-700" />
      <span>{children}</span>
    </label>
  );
}

/**
 * The admin game form (spec §2, §5): create and edit. Text is trimmed, the spec's messages are
 * shown above the fields, and a second submit while one is on its way is ignored.
 */
export function GameForm({ initialValues, submitLabel, busyLabel, isSubmitting, onSubmit, onCancel, submitError, unchangedDateTime, lockedReason }: GameFormProps) {
  const { register, control, setValue, getValues } = useForm<GameFormValues>({ defaultValues: initialValues });
  const values = useWatch({ control }) as GameFormValues;
  const [formError, setFormError] = useState<string | undefined>();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<GameFormField, string>>>({});
  // Set before the first re-render, so a double click in the same tick is ignored too.
  const submitting = useRef(false);
  const descriptionId = useId();
  const publishId = useId();

  const sports = useSports();
  const states = useStates();
  const stateId = values.stateId ? Number(values.stateId) : undefined;
  const cities = useCities(stateId);
  const isPublishable = canPublish(values);
  const isLocked = lockedReason !== undefined;

  const referenceError = [sports, states].find((query) => query.isError)?.error;
  const today = saoPauloDay(new Date());
  const originalDay = unchangedDateTime ? saoPauloDay(unchangedDateTime) : undefined;
  const minDate = originalDay && originalDay < today ? originalDay : today;

  function clearError(field: GameFormField) {
    if (fieldErrors[field]) setFieldErrors(({ [field]: _removed, ...rest }) => rest);
  }

  function field(name: GameFormField) {
    return register(name, { onChange: () => clearError(name) });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLocked || isSubmitting || submitting.current) return;
    const current = getValues();
    const result = toGamePayload({ ...current, publish: current.publish && canPublish(current) }, { now: new Date(), unchangedDateTime });
    if (!result.success) {
      setFormError(result.message);
      setFieldErrors(result.fields);
      return;
    }
    setFormError(undefined);
    setFieldErrors({});
    submitting.current = true;
    void onSubmit(result.payload)
      .catch(() => undefined)
      .finally(() => {
        submitting.current = false;
      });
  }

  const shownError = formError ?? submitError;
  const mapQuery = (values.address ?? '').trim();

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={submitLabel}>
      {lockedReason && <Alert tone="warning">{lockedReason}</Alert>}
      {shownError && <Alert tone="error">{shownError}</Alert>}
      {referenceError !== undefined && <Alert tone="error">{errorMessage(referenceError, 'Erro ao carregar dados de referência')}</Alert>}

      <fieldset disabled={isLocked} className="space-y-6">
        <div className="grid gap-4 md:grid-cols-2">
          <Input label="Nome do jogo" required maxLength={100} autoComplete="off" error={fieldErrors.name} className="md:col-span-2" {...field('name')} />
          <Input label="Local" required maxLength={200} placeholder="Ex.: Ginásio do Estreito" error={fieldErrors.location} {...field('location')} />
          <div>
            <Input
              label="Endereço (opcional)"
              maxLength={300}
              placeholder="Rua, número, bairro, cidade"
              hint="Usado para mostrar o mapa do local aos jogadores."
              error={fieldErrors.address}
              {...field('address')}
            />
            {mapQuery && (
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery)}`}
                target="_blank"
                rel="noopener noreferrer"
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
                label={values.visibility === 'public' ? 'Esporte' : 'Esporte (opcional)'}
                placeholder={sports.isPending ? 'Carregando...' : 'Selecione o esporte'}
                options={(sports.data ?? []).map((sport) => ({ value: String(sport.id), label: sport.name }))}
                error={fieldErrors.sportId}
                {...{ value, onBlur, ref, name }}
                onChange={(event) => {
                  onChange(event.target.value);
                  clearError('sportId');
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="stateId"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <Select
                label={values.visibility === 'public' ? 'Estado' : 'Estado (opcional)'}
                placeholder={states.isPending ? 'Carregando...' : 'Selecione o estado'}
                options={(states.data ?? []).map((state) => ({ value: String(state.id), label: `${state.name} (${state.uf})` }))}
                error={fieldErrors.stateId}
                {...{ value, onBlur, ref, name }}
                onChange={(event) => {
                  onChange(event.target.value);
                  // Another state's cities: the chosen city no longer belongs.
                  setValue('cityId', '');
                  clearError('stateId');
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="cityId"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <Select
                label={values.visibility === 'public' ? 'Cidade' : 'Cidade (opcional)'}
                placeholder={cities.isFetching ? 'Carregando cidades...' : 'Selecione a cidade'}
                options={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
                disabled={!stateId}
                hint={!stateId ? 'Selecione um estado primeiro' : undefined}
                error={fieldErrors.cityId ?? (cities.isError ? errorMessage(cities.error, 'Erro ao carregar cidades') : undefined)}
                {...{ value, onBlur, ref, name }}
                onChange={(event) => {
                  onChange(event.target.value);
                  clearError('cityId');
                }}
              />
            )}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Input label="Data" type="date" required min={minDate} max="9999-12-31" error={fieldErrors.date} {...field('date')} />
          <Input label="Horário" type="time" required error={fieldErrors.time} hint="Horário de Brasília." {...field('time')} />
          <Input label="Preço (R$)" type="number" inputMode="decimal" required min={0} step={0.01} placeholder="15,00" error={fieldErrors.price} {...field('price')} />
          <Input
            label="Vagas"
            type="number"
            inputMode="numeric"
            required
            min={MIN_SLOTS}
            max={MAX_SLOTS}
            step={1}
            hint={`De ${MIN_SLOTS} a ${MAX_SLOTS}.`}
            error={fieldErrors.totalSlots}
            {...field('totalSlots')}
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
            aria-describedby={describedBy(descriptionId, fieldErrors.description)}
            className={cn(fieldClasses, fieldBorder(Boolean(fieldErrors.description)))}
            {...field('description')}
          />
          <FieldMessages id={descriptionId} error={fieldErrors.description} />
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">Visibilidade</legend>
            <Controller
              control={control}
              name="visibility"
              render={({ field: { value, onChange } }) => (
                <div className="grid gap-2">
                  <Radio name="visibility" value="public" checked={value === 'public'} onChange={() => onChange('public')}>
                    Público <span className="text-sm text-slate-600 dark:text-slate-400">(aparece no catálogo)</span>
                  </Radio>
                  <Radio name="visibility" value="private" checked={value === 'private'} onChange={() => onChange('private')}>
                    Privado <span className="text-sm text-slate-600 dark:text-slate-400">(apenas por link)</span>
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
                  <Radio name="payment" value="platform" checked={value === 'platform'} onChange={() => onChange('platform')}>
                    Pela plataforma <span className="text-sm text-slate-600 dark:text-slate-400">(checkout integrado)</span>
                  </Radio>
                  <Radio name="payment" value="external" checked={value === 'external'} onChange={() => onChange('external')}>
                    Por fora <span className="text-sm text-slate-600 dark:text-slate-400">(combinar diretamente)</span>
                  </Radio>
                </div>
              )}
            />
            {values.payment === 'external' && (
              <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">Os participantes serão orientados a combinar o pagamento diretamente com o organizador.</p>
            )}
          </fieldset>
        </div>

        <div>
          <label
            htmlFor={publishId}
            className={cn('inline-flex min-h-11 items-center gap-3 font-semibold', !isPublishable && 'cursor-not-allowed text-slate-500 dark:text-slate-400')}
          >
            <input id={publishId} type="checkbox" disabled={!isPublishable} aria-describedby={`${publishId}-hint`} className="size-5 accent-brand-700" {...register('publish')} />
            Publicar imediatamente
          </label>
          <p id={`${publishId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {isPublishable
              ? 'Sem marcar, o jogo fica como rascunho e não aparece para os jogadores.'
              : values.visibility === 'public'
                ? 'Preencha os campos obrigatórios, o esporte, o estado e a cidade para poder publicar.'
                : 'Preencha os campos obrigatórios para poder publicar.'}
          </p>
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" size="lg" busy={isSubmitting} busyLabel={busyLabel} disabled={isLocked}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
