import { z } from './z';
import { errorCodeList } from '../error-codes';
import { messages } from '../messages';
import { centsFromReais } from '../money';
import { hasUnsafeNameCharacter } from '../rules/person-name';

export const errorReplySchema = z
  .object({
    code: z
      .enum(errorCodeList)
      .describe(
        'Código estável da situação (snake_case), para programas decidirem; a lista é src/shared/error-codes.ts, com o status HTTP de cada um.',
      ),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .describe('Erro: um código estável, o texto em pt-BR para mostrar ao usuário, e os erros por campo quando houver.');
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const TWO_DECIMALS_MESSAGE = 'Use no máximo duas casas decimais.';

/**
 * Every amount of money a request carries: a JSON number in reais (at most two decimals, within the field's
 * bounds) in, integer centavos out, so use cases never convert. NaN, infinities and numbers with more decimals
 * than centavos (1.005, 0.1 + 0.2) are refused with the field's own pt-BR messages; -0 is 0.
 */
export function reaisToCentsSchema(options: {
  min: number;
  max: number;
  description: string;
  messages: { invalid: string; min?: string; max?: string; decimals?: string };
}) {
  const { invalid, min = invalid, max = invalid, decimals = TWO_DECIMALS_MESSAGE } = options.messages;
  return (
    z
      .number({ error: invalid })
      .min(options.min, min)
      .max(options.max, max)
      // What the centavos below refuse, said in OpenAPI: two decimals at most.
      .meta({ multipleOf: 0.01 })
      .transform((reais, ctx) => {
        const cents = centsFromReais(reais);
        if (cents === undefined) {
          ctx.issues.push({ code: 'custom', message: decimals, input: reais });
          return z.NEVER;
        }
        return cents;
      })
      .describe(options.description)
  );
}

/**
 * A person's name as typed (sign-up, profile, a walk-in, a PIX key's holder): trimmed, within the field's lengths, each
 * with the field's own text, and without line breaks, control characters or direction controls (`rules/person-name.ts`),
 * refused before trimming, so a name that ends in a line break is refused too rather than quietly cut.
 */
export function personNameSchema(options: { max: number; required: string; tooLong: string; min?: number; tooShort?: string }) {
  const { max, required, tooLong, min = 1, tooShort = required } = options;
  const name = z
    .string({ error: required })
    .refine((text) => !hasUnsafeNameCharacter(text), messages.nameUnsafeCharacters)
    .trim()
    .min(1, required);
  return (min > 1 ? name.min(min, tooShort) : name).max(max, tooLong);
}

/** Query values arrive as text; an empty one (a cleared filter) means "not given". */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const optionalIdQuerySchema = z.preprocess(
  emptyToUndefined,
  z.coerce.number({ error: 'Informe um número.' }).int().positive().max(2_147_483_647).optional(),
);

/** `limit`/`offset` of a bounded list; the total goes in the X-Total-Count header. */
export function pageQueryShape(maxLimit: number) {
  return {
    limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(maxLimit).default(maxLimit)),
    offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
  };
}
