import { TIME_ZONE } from '../../../shared/dates';
import {
  gamePayloadSchema,
  validateGamePayload,
  type GamePayloadInput,
  type GamePayloadValidation,
  type UserGame,
} from '../../../shared/schemas/user-games';

/** The organiser's game form as the inputs hold it: text, radios and one checkbox. */
export type GameFormValues = {
  name: string;
  location: string;
  address: string;
  sportId: string;
  stateId: string;
  cityId: string;
  /** A `datetime-local` value, `YYYY-MM-DDTHH:MM`, read by the server as São Paulo time. */
  dateTime: string;
  price: string;
  totalSlots: string;
  description: string;
  visibility: 'public' | 'private';
  payment: 'platform' | 'external';
  publish: boolean;
};

export type GameFormField = keyof GameFormValues;

/** Spec §9: public by default, paid through the platform; saved as a draft unless "Publicar agora". */
export const emptyGameForm: GameFormValues = {
  name: '',
  location: '',
  address: '',
  sportId: '',
  stateId: '',
  cityId: '',
  dateTime: '',
  price: '',
  totalSlots: '',
  description: '',
  visibility: 'public',
  payment: 'platform',
  publish: false,
};

const PUBLIC_PLACE_FIELDS: GameFormField[] = ['sportId', 'stateId', 'cityId'];
const PUBLIC_FIELD_REQUIRED = 'Obrigatório para jogos públicos';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The payload the API takes. The price left empty is sent as 0 (spec §5); the date keeps the
 * game's own instant when the organiser did not touch it, so an edit may keep a past date.
 */
export function toPayload(values: GameFormValues, original?: { dateTime: string; formDateTime: string }): GamePayloadInput {
  const dateTime = values.dateTime.trim();
  return {
    name: values.name,
    location: values.location,
    address: values.address,
    dateTime: original && dateTime === original.formDateTime ? original.dateTime : blankToNull(dateTime),
    price: values.price.trim() === '' ? 0 : values.price.trim().replace(',', '.'),
    totalSlots: blankToNull(values.totalSlots),
    description: values.description,
    visibility: values.visibility,
    usePlatformPayment: values.payment === 'platform',
    state: values.publish ? 'published' : 'draft',
    sportId: blankToNull(values.sportId),
    stateId: blankToNull(values.stateId),
    cityId: blankToNull(values.cityId),
  };
}

/** Payload keys the server names differently from the form's fields. */
const fieldOfPayloadKey: Record<string, GameFormField> = { usePlatformPayment: 'payment', state: 'publish' };

export function formFieldOf(payloadKey: string): GameFormField | undefined {
  const key = fieldOfPayloadKey[payloadKey] ?? payloadKey;
  return key in emptyGameForm ? (key as GameFormField) : undefined;
}

/**
 * The same rules, in the same words, as the server (the shared `validateGamePayload`): required
 * fields, date in the future, slots 1–50, price ≥ 0, sport/state/city for a public game.
 */
export function validateGameForm(values: GameFormValues, options: { now: Date; original?: { dateTime: string; formDateTime: string } }):
  | { success: true; payload: GamePayloadInput }
  | { success: false; message: string; fields: Partial<Record<GameFormField, string>> } {
  const payload = toPayload(values, options.original);
  const shape = gamePayloadSchema.safeParse(payload);
  if (!shape.success) {
    const fields: Partial<Record<GameFormField, string>> = {};
    for (const issue of shape.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''));
      if (field) fields[field] ??= issue.message;
    }
    return { success: false, message: shape.error.issues[0]?.message ?? 'Verifique os campos do formulário.', fields };
  }
  const unchangedDateTime = options.original ? new Date(options.original.dateTime) : undefined;
  const checked: GamePayloadValidation = validateGamePayload(shape.data, { now: options.now, unchangedDateTime });
  // The parsed shape: trimmed text and numbers, as the server reads them.
  if (checked.success) return { success: true, payload: shape.data };
  const fields: Partial<Record<GameFormField, string>> = {};
  for (const [key, message] of Object.entries(checked.fields)) {
    const field = formFieldOf(key);
    // The summary lists sport, state and city; under each field a short word is enough.
    if (field) fields[field] = PUBLIC_PLACE_FIELDS.includes(field) && message.startsWith('Para jogos públicos') ? PUBLIC_FIELD_REQUIRED : message;
  }
  return { success: false, message: checked.message, fields };
}

const localParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a `datetime-local` value in São Paulo time, where the games are. */
export function toSaoPauloInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(localParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The form prefilled from a game. */
export function formValuesFromGame(game: UserGame): GameFormValues {
  return {
    name: game.name,
    location: game.location,
    address: game.address,
    sportId: game.sport ? String(game.sport.id) : '',
    stateId: game.state ? String(game.state.id) : '',
    cityId: game.city ? String(game.city.id) : '',
    dateTime: toSaoPauloInput(game.dateTime),
    price: String(game.price),
    totalSlots: String(game.totalSlots),
    description: game.description,
    visibility: game.visibility,
    payment: game.usePlatformPayment ? 'platform' : 'external',
    publish: game.publicationState === 'published',
  };
}
