import { TIME_ZONE } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { gamePayloadSchema, parseGameDateTime, validateGamePayload, type GamePayloadInput, type UserGame } from '../../../shared/schemas/user-games';

/** The admin game form as typed: every field is text, as the inputs hold it. */
export type GameFormValues = {
  name: string;
  location: string;
  address: string;
  sportId: string;
  stateId: string;
  cityId: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, São Paulo time */
  time: string;
  price: string;
  totalSlots: string;
  description: string;
  visibility: 'public' | 'private';
  payment: 'platform' | 'external';
  publish: boolean;
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
  totalSlots: '',
  description: '',
  visibility: 'public',
  payment: 'platform',
  publish: false,
};

const REQUIRED: GameFormField[] = ['name', 'location', 'date', 'time', 'price', 'totalSlots'];
const PUBLIC_REQUIRED: GameFormField[] = ['sportId', 'stateId', 'cityId'];

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** What still blocks saving: the required fields, and for a public game sport, state and city. */
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
  | { success: true; payload: GamePayloadInput }
  | { success: false; message: string; fields: Partial<Record<GameFormField, string>> };

const toId = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * The admin form's rules in the spec's order (§5) and words: required fields, then sport/state/city
 * for public games, then an unparseable date and time; then the shared payload rules every game
 * follows (date in the future unless unchanged, slots 1–50, price ≥ 0). Text is trimmed.
 */
export function toGamePayload(values: GameFormValues, options: { now: Date; unchangedDateTime?: Date }): GameFormResult {
  const missing = missingFields(values);
  if (missing.required.length > 0) {
    return { success: false, message: messages.admin.requiredFields, fields: Object.fromEntries(missing.required.map((key) => [key, messages.fieldRequired])) };
  }
  if (missing.place.length > 0) {
    return { success: false, message: messages.admin.publicNeedsPlace, fields: Object.fromEntries(missing.place.map((key) => [key, messages.fieldRequired])) };
  }
  const dateTime = `${values.date.trim()}T${values.time.trim()}`;
  if (!parseGameDateTime(dateTime)) {
    return { success: false, message: messages.dateTimeInvalid, fields: { date: messages.dateTimeInvalid, time: messages.dateTimeInvalid } };
  }

  const payload: GamePayloadInput = {
    name: values.name.trim(),
    location: values.location.trim(),
    address: values.address.trim(),
    dateTime,
    price: Number(values.price.replace(',', '.')),
    totalSlots: Number(values.totalSlots),
    description: values.description.trim(),
    visibility: values.visibility,
    usePlatformPayment: values.payment === 'platform',
    state: values.publish ? 'published' : 'draft',
    sportId: toId(values.sportId),
    stateId: toId(values.stateId),
    cityId: toId(values.cityId),
  };

  const shape = gamePayloadSchema.safeParse(payload);
  if (!shape.success) return { success: false, message: shape.error.issues[0]?.message ?? messages.admin.requiredFields, fields: {} };
  const checked = validateGamePayload(shape.data, options);
  if (!checked.success) {
    const fields: Partial<Record<GameFormField, string>> = {};
    for (const [key, message] of Object.entries(checked.fields)) {
      if (key === 'dateTime') Object.assign(fields, { date: message, time: message });
      else if (key in emptyGameForm) fields[key as GameFormField] = message;
    }
    return { success: false, message: checked.message, fields };
  }
  return { success: true, payload };
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `YYYY-MM-DD` of an instant in São Paulo, where the games are. */
export function saoPauloDay(date: Date): string {
  return dayFormat.format(date);
}

/** The form prefilled from a game (date and time in São Paulo time). */
export function formValuesFromGame(game: UserGame): GameFormValues {
  const when = new Date(game.dateTime);
  return {
    name: game.name,
    location: game.location,
    address: game.address,
    sportId: game.sport ? String(game.sport.id) : '',
    stateId: game.state ? String(game.state.id) : '',
    cityId: game.city ? String(game.city.id) : '',
    date: saoPauloDay(when),
    time: timeFormat.format(when),
    price: String(game.price),
    totalSlots: String(game.totalSlots),
    description: game.description,
    visibility: game.visibility,
    payment: game.usePlatformPayment ? 'platform' : 'external',
    publish: game.publicationState === 'published',
  };
}
