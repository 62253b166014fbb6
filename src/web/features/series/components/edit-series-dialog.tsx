import { useId, useState, type FormEvent } from 'react';
import { MAX_OCCURRENCES } from '../../../../shared/rules/weekly-series';
import type { Series, UpdateSeriesInput } from '../../../../shared/schemas/series';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { FormModal } from '../../../components/ui/form-modal';
import { describedBy, fieldBorder, fieldClasses, FieldMessages, Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

type Fields = {
  name: string;
  location: string;
  address: string;
  price: string;
  totalSlots: string;
  memberSlots: string;
  occurrences: string;
  description: string;
};

const valuesOf = (series: Series): Fields => ({
  name: series.name,
  location: series.location,
  address: series.address,
  price: series.price.toFixed(2).replace('.', ','),
  totalSlots: String(series.totalSlots),
  memberSlots: String(series.memberSlots),
  occurrences: String(series.occurrences),
  description: series.description,
});

/** The body PUT /series/{id} takes: the typed fields and, unchanged, what the form does not show. */
function toPayload(series: Series, fields: Fields): UpdateSeriesInput {
  return {
    name: fields.name,
    location: fields.location,
    address: fields.address,
    price: fields.price.trim().replace(',', '.'),
    totalSlots: fields.totalSlots,
    memberSlots: fields.memberSlots,
    occurrences: fields.occurrences,
    description: fields.description,
    visibility: series.visibility,
    usePlatformPayment: series.usePlatformPayment,
    sportId: series.sportId,
    stateId: series.stateId,
    cityId: series.cityId,
  };
}

/**
 * "Editar série": what every game still to come is made of (name, place, price, places, member places, weeks,
 * description); the server checks it with the game rules and its own (never fewer member places than members, nor
 * weeks than games made) and tells the registered players what changed. Its field errors land under their fields.
 */
export function EditSeriesDialog({
  series,
  busy,
  onSave,
  onClose,
}: {
  series: Series;
  busy: boolean;
  onSave: (payload: UpdateSeriesInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<Fields>(() => valuesOf(series));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();
  const descriptionId = useId();

  const field = (key: keyof Fields) => ({
    value: fields[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    setErrors({});
    try {
      await onSave(toPayload(series, fields));
    } catch (failure) {
      setError(errorMessage(failure, 'Erro ao salvar a série'));
      if (failure instanceof ApiError && failure.fields) setErrors(failure.fields);
    }
  }

  return (
    <FormModal
      open
      onClose={busy ? () => undefined : onClose}
      title="Editar série"
      description="Vale para todos os jogos que ainda vão acontecer; os inscritos são avisados do que mudou."
      onSubmit={(event) => void submit(event)}
      error={error}
    >
      <Input label="Nome do jogo" required maxLength={100} {...field('name')} />
      <Input label="Local" required maxLength={200} {...field('location')} />
      <Input label="Endereço" maxLength={300} {...field('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Preço (R$)" inputMode="decimal" hint="Por jogo. 0 para gratuito." {...field('price')} />
        <Input label="Vagas" type="number" inputMode="numeric" min={1} step={1} required {...field('totalSlots')} />
        <Input
          label="Vagas de mensalistas"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="Lugares guardados toda semana para os mensalistas; o resto fica para os avulsos."
          {...field('memberSlots')}
        />
        <Input
          label="Quantas semanas"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_OCCURRENCES}
          step={1}
          hint={`Ao todo, de 1 a ${MAX_OCCURRENCES}.`}
          {...field('occurrences')}
        />
      </div>
      <div>
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
          Descrição
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={5000}
          value={fields.description}
          onChange={(event) => setFields((current) => ({ ...current, description: event.target.value }))}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(descriptionId, errors.description)}
          className={cn(fieldClasses, fieldBorder(Boolean(errors.description)))}
        />
        <FieldMessages id={descriptionId} error={errors.description} />
      </div>
      <DialogFormActions onCancel={onClose} busy={busy} submitLabel="Salvar série" busyLabel="Salvando..." />
    </FormModal>
  );
}
