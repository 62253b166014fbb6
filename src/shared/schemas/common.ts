import { z } from './z';
import { hasAtMostTwoDecimals } from '../money';

export const errorReplySchema = z
  .object({
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .describe('Erro: texto em pt-BR para mostrar ao usuário, e os erros por campo quando houver.');
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** An amount of money in reais at the API edge: a number with at most two decimals. */
export const reaisSchema = z
  .number({ error: 'Informe um valor numérico.' })
  .finite()
  .refine(hasAtMostTwoDecimals, { message: 'Use no máximo duas casas decimais.' });

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
