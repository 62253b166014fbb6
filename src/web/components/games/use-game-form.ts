import { useRef, useState, type FormEvent } from 'react';
import { useForm, useFormContext, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { TIME_ZONE } from '../../../shared/dates';
import type { CreateSeriesInput } from '../../../shared/schemas/series';
import type { GamePayloadInput } from '../../../shared/schemas/user-games';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useStates } from '../../lib/queries/reference-data';
import { formFieldsOf, toSeriesPayload, validateGameForm, type GameFormField, type GameFormValues } from './game-form-values';

export type GameFormOptions = {
  defaultValues: GameFormValues;
  /** Editing: the game's own instant, which may stay even when already past. */
  unchangedDateTime?: Date;
  /** Saving, or saved and about to leave: the button stays busy and a submit is ignored. */
  isBusy: boolean;
  /** Nothing here can change (a cancelled game): a submit is ignored. */
  isLocked: boolean;
  /** Sends the payload; a rejection puts its message (and an `ApiError`'s field errors) on the form. */
  onSave: (payload: GamePayloadInput) => Promise<unknown>;
  /** Said when a failed save brings no message of its own ("Erro ao criar jogo"). */
  errorFallback: string;
  /** Creating a game: with "Repetir toda semana" ticked, saves a weekly series through this instead of onSave. */
  onSaveSeries?: (payload: CreateSeriesInput) => Promise<unknown>;
};

function toFieldErrors(fields: Partial<Record<GameFormField, string>>): FieldErrors<GameFormValues> {
  const errors: FieldErrors<GameFormValues> = {};
  for (const [field, message] of Object.entries(fields)) errors[field as GameFormField] = { type: 'validate', message };
  return errors;
}

/**
 * The game form's state: the server's rules checked on every change once a save was tried, the save and what it
 * answered, and one submit at a time.
 */
export function useGameForm({ defaultValues, unchangedDateTime, isBusy, isLocked, onSave, errorFallback, onSaveSeries }: GameFormOptions) {
  const states = useStates();
  // A date and time typed are read on the clocks of the chosen state (São Paulo's until one is chosen).
  const timeZoneOf = (values: GameFormValues) => states.data?.find((state) => String(state.id) === values.stateId)?.timeZone ?? TIME_ZONE;
  const validate = (values: GameFormValues) =>
    validateGameForm(values, { now: new Date(), unchangedDateTime, timeZone: timeZoneOf(values) });
  const resolver: Resolver<GameFormValues, unknown, GamePayloadInput> = (values) => {
    const result = validate(values);
    return result.success ? { values: result.payload, errors: {} } : { values: {}, errors: toFieldErrors(result.fields) };
  };
  const form = useForm<GameFormValues, unknown, GamePayloadInput>({ defaultValues, resolver, reValidateMode: 'onChange' });
  const { handleSubmit, setError, getValues, formState } = form;
  const values = useWatch({ control: form.control }) as GameFormValues;
  const [saveError, setSaveError] = useState<string | undefined>();
  // Set before the first re-render, so a double click in the same tick is ignored too.
  const isSending = useRef(false);

  // The summary follows the fields once a save was tried: fixing one updates it.
  const summary =
    formState.submitCount > 0 && !formState.isSubmitSuccessful && Object.keys(formState.errors).length > 0 ? validate(values) : undefined;

  const save = async (payload: GamePayloadInput) => {
    setSaveError(undefined);
    try {
      const current = getValues();
      if (onSaveSeries && current.repeatWeekly) await onSaveSeries(toSeriesPayload(payload, current));
      else await onSave(payload);
    } catch (error) {
      setSaveError(errorMessage(error, errorFallback));
      if (error instanceof ApiError && error.fields) {
        for (const [key, message] of Object.entries(error.fields))
          for (const field of formFieldsOf(key)) setError(field, { type: 'server', message });
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

  return {
    form,
    values,
    states,
    timeZone: timeZoneOf(values),
    /** What stops the save, or what the server answered to it. */
    errorMessage: (summary && !summary.success ? summary.message : undefined) ?? saveError,
    submit,
  };
}

/** The form's fields, for its parts (inside the form's FormProvider). */
export function useGameFormContext() {
  return useFormContext<GameFormValues, unknown, GamePayloadInput>();
}
