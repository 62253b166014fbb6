import { dateAndTimeIn } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { parseReais, toReais } from '../../../shared/money';
import { createSeriesBodySchema, validateSeriesPayload, type CreateSeriesInput } from '../../../shared/schemas/series';
import { gamePayloadSchema, validateGamePayload, type GamePayloadInput, type UserGame } from '../../../shared/schemas/user-games';

/**
 * The game form of organisers and admins, as typed: every field is text, as the inputs hold it. The date and
 * the time are two inputs (decision 016), read on the clocks of the chosen state (decision 037).
 */
export type GameFormValues = {
  name: string;
  location: string;
  address: string;
  sportId: string;
  stateId: string;
  cityId: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, in the chosen state's zone */
  time: string;
  price: string;
  /** "Gratuito": the game has no price (an empty price without it is an error). */
  free: boolean;
  totalSlots: string;
  description: string;
  /** `group`: only the members of the turma the game is created in. */
  visibility: 'public' | 'private' | 'group';
  payment: 'platform' | 'external';
  publish: boolean;
  /** Creating only: a weekly series (racha) of this game, with places kept for mensalistas. */
  repeatWeekly: boolean;
  occurrences: string;
  memberSlots: string;
};

export type GameFormField = keyof GameFormValues;

/** Spec §9: public by default, paid through the platform. */
export const emptyGameForm: GameFormValues = {
  name: '',
  location: '',
  address: '',
  sportId: '',
  stateId: '',
  cityId: '',
  date: '',
  time: '',
  price: '',
  free: false,
  totalSlots: '',
  description: '',
  visibility: 'public',
  payment: 'platform',
  publish: false,
  repeatWeekly: false,
  occurrences: '8',
  memberSlots: '0',
};

const REQUIRED: GameFormField[] = ['name', 'location', 'date', 'time', 'totalSlots'];
const PUBLIC_REQUIRED: GameFormField[] = ['sportId', 'stateId', 'cityId'];
const PUBLIC_FIELD_REQUIRED = 'Obrigatório para jogos públicos';

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What still blocks publishing: the required fields, and for a public game sport, state and city. */
export function missingFields(values: GameFormValues): { required: GameFormField[]; place: GameFormField[] } {
  return {
    required: REQUIRED.filter((key) => isBlank(values[key])),
    place: values.visibility === 'public' ? PUBLIC_REQUIRED.filter((key) => isBlank(values[key])) : [],
  };
}

/** The publish checkbox waits for the required fields (spec §5). */
export function canPublish(values: GameFormValues): boolean {
  const missing = missingFields(values);
  return missing.required.length === 0 && missing.place.length === 0;
}

export type GameFormResult =
  { success: true; payload: GamePayloadInput } | { success: false; message: string; fields: Partial<Record<GameFormField, string>> };

/** What the form's checks need besides the values: the moment, the game's instant when editing, the chosen state's zone. */
export type GameFormOptions = { now: Date; unchangedDateTime?: Date; timeZone: string };

/**
 * The payload the API takes: date and time as one wall-clock value without a zone, which the server reads in the
 * chosen state's zone (the game's own instant when an edit left them as they were there); an empty price stays empty
 * (the rules ask for a price or "Gratuito").
 */
export function toPayload(values: GameFormValues, options: Pick<GameFormOptions, 'unchangedDateTime' | 'timeZone'>): GamePayloadInput {
  const date = values.date.trim();
  const time = values.time.trim();
  const { unchangedDateTime, timeZone } = options;
  const unchanged = unchangedDateTime && dateAndTimeIn(unchangedDateTime, timeZone);
  const isUnchanged = unchangedDateTime !== undefined && date === unchanged?.date && time === unchanged.time;
  return {
    name: values.name,
    location: values.location,
    address: values.address,
    dateTime: isUnchanged ? unchangedDateTime.toISOString() : date && time ? `${date}T${time}` : null,
    price: values.free || (values.price ?? '').trim() === '' ? null : parseReais(values.price),
    free: values.free,
    totalSlots: blankToNull(values.totalSlots),
    description: values.description.trim(),
    visibility: values.visibility,
    usePlatformPayment: values.payment === 'platform',
    state: values.publish && canPublish(values) ? 'published' : 'draft',
    sportId: blankToNull(values.sportId),
    stateId: blankToNull(values.stateId),
    cityId: blankToNull(values.cityId),
  };
}

/**
 * The same rules, in the same words, as the server (the shared schema and `validateGamePayload`): required
 * fields, sport/state/city for a public game, a date and time in the future (an edit may keep its own past
 * date), slots 1–50, a price from 0 to 10.000 with at most two decimals. Text is trimmed.
 */
export function toGamePayload(values: GameFormValues, options: GameFormOptions): GameFormResult {
  const shape = gamePayloadSchema.safeParse(toPayload(values, options));
  if (!shape.success) {
    const fields: Partial<Record<GameFormField, string>> = {};
    for (const issue of shape.error.issues) for (const field of formFieldsOf(String(issue.path[0] ?? ''))) fields[field] ??= issue.message;
    return { success: false, message: shape.error.issues[0]?.message ?? messages.dateTimeInvalid, fields };
  }
  const checked = validateGamePayload(shape.data, options);
  // The parsed shape: trimmed text and numbers, as the server reads them; the price, parsed into centavos, back in
  // reais as the API takes it.
  if (checked.success) return { success: true, payload: { ...shape.data, price: toReais(shape.data.price ?? 0) } };
  const fields: Partial<Record<GameFormField, string>> = {};
  for (const [key, message] of Object.entries(checked.fields)) {
    for (const field of formFieldsOf(key)) {
      // The summary lists sport, state and city; under each field a short word is enough.
      fields[field] = PUBLIC_REQUIRED.includes(field) && message.startsWith('Para jogos públicos') ? PUBLIC_FIELD_REQUIRED : message;
    }
  }
  return { success: false, message: checked.message, fields };
}

/** Payload keys the server names differently from the form's fields (its field errors land on these). */
const fieldsOfPayloadKey: Record<string, GameFormField[]> = {
  dateTime: ['date', 'time'],
  firstDateTime: ['date', 'time'],
  usePlatformPayment: ['payment'],
  state: ['publish'],
};

/** The form fields a server field error belongs to. */
export function formFieldsOf(payloadKey: string): GameFormField[] {
  return fieldsOfPayloadKey[payloadKey] ?? (payloadKey in emptyGameForm ? [payloadKey as GameFormField] : []);
}

/** `YYYY-MM-DD` of an instant on the clocks of `timeZone`. */
export function dayIn(date: Date, timeZone: string): string {
  return dateAndTimeIn(date, timeZone).date;
}

/** The form prefilled from a game (date and time in the game's zone). */
export function formValuesFromGame(game: Omit<UserGame, 'players'>): GameFormValues {
  const when = dateAndTimeIn(new Date(game.dateTime), game.timeZone);
  return {
    name: game.name,
    location: game.location,
    address: game.address,
    sportId: game.sport ? String(game.sport.id) : '',
    stateId: game.state ? String(game.state.id) : '',
    cityId: game.city ? String(game.city.id) : '',
    date: when.date,
    time: when.time,
    price: game.price === 0 ? '' : String(game.price),
    free: game.price === 0,
    totalSlots: String(game.totalSlots),
    description: game.description,
    visibility: game.visibility,
    payment: game.usePlatformPayment ? 'platform' : 'external',
    publish: game.publicationState === 'published',
    repeatWeekly: false,
    occurrences: emptyGameForm.occurrences,
    memberSlots: emptyGameForm.memberSlots,
  };
}

/** The series payload of a checked game form: the game without date and publication, plus its weeks. */
export function toSeriesPayload(payload: GamePayloadInput, values: GameFormValues): CreateSeriesInput {
  const { dateTime, state: _state, ...game } = payload;
  return {
    ...game,
    firstDateTime: dateTime,
    occurrences: values.occurrences.trim() === '' ? null : Number(values.occurrences.trim()),
    memberSlots: values.memberSlots.trim() === '' ? 0 : Number(values.memberSlots.trim()),
  };
}

const SERIES_FIELDS = ['occurrences', 'memberSlots'] as const;

/**
 * The game rules and, for "Repetir toda semana", the series' own (1–52 weeks, 0 up to the slots for
 * mensalistas), in the server's words.
 */
export function validateGameForm(values: GameFormValues, options: GameFormOptions): GameFormResult {
  const game = toGamePayload(values, options);
  if (!values.repeatWeekly) return game;
  const extra: Partial<Record<GameFormField, string>> = {};
  const shape = createSeriesBodySchema.safeParse(toSeriesPayload(toPayload(values, { timeZone: options.timeZone }), values));
  if (!shape.success) {
    for (const issue of shape.error.issues) {
      const key = String(issue.path[0] ?? '');
      if ((SERIES_FIELDS as readonly string[]).includes(key)) extra[key as GameFormField] ??= issue.message;
    }
  } else {
    const checked = validateSeriesPayload(shape.data, { now: options.now, timeZone: options.timeZone });
    if (!checked.success) for (const key of SERIES_FIELDS) if (checked.fields[key]) extra[key] = checked.fields[key];
  }
  const first = Object.values(extra)[0];
  if (!first) return game;
  return game.success ? { success: false, message: first, fields: extra } : { ...game, fields: { ...game.fields, ...extra } };
}
