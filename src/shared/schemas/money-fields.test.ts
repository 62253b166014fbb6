import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { parseReais } from '../money';
import { addCreditsBodySchema } from './admin';
import { reaisToCentsSchema } from './common';
import { topUpAmountSchema, topUpBodySchema } from './credits';
import { createSeriesBodySchema } from './series';
import { gamePayloadSchema, MAX_PRICE } from './user-games';
import { z } from './z';

/** The centavos a schema gives, or the message of its first issue. */
function outcome(schema: z.ZodType, input: unknown): number | string | undefined | null {
  const parsed = schema.safeParse(input);
  return parsed.success ? (parsed.data as number | undefined | null) : parsed.error.issues[0]?.message;
}

describe('reaisToCentsSchema', () => {
  const schema = reaisToCentsSchema({
    min: 0.5,
    max: 100,
    messages: { invalid: 'inválido', min: 'pouco', max: 'muito', decimals: 'casas' },
    description: 'Reais',
  });

  it('turns reais into exact centavos', () => {
    expect(outcome(schema, 0.5)).toBe(50);
    expect(outcome(schema, 0.29 + 1)).toBe(129);
    expect(outcome(schema, 19.99)).toBe(1999);
    expect(outcome(schema, 100)).toBe(10_000);
  });

  it('refuses more than two decimals, NaN, infinities and what is not a number, each with its message', () => {
    expect(outcome(schema, 1.005)).toBe('casas');
    expect(outcome(schema, 0.1 + 0.7)).toBe('casas');
    expect(outcome(schema, Number.NaN)).toBe('inválido');
    expect(outcome(schema, Number.POSITIVE_INFINITY)).toBe('inválido');
    expect(outcome(schema, Number.NEGATIVE_INFINITY)).toBe('inválido');
    expect(outcome(schema, '10')).toBe('inválido');
    expect(outcome(schema, null)).toBe('inválido');
    expect(outcome(schema, 0.49)).toBe('pouco');
    expect(outcome(schema, 100.01)).toBe('muito');
  });

  it('gives 0, never -0, for a negative zero within bounds', () => {
    const free = reaisToCentsSchema({ min: 0, max: 10, messages: { invalid: 'inválido' }, description: 'Reais' });
    expect(Object.is(free.parse(-0), 0)).toBe(true);
  });

  it('refuses amounts beyond exact centavos even without a lower maximum', () => {
    const wide = reaisToCentsSchema({
      min: 0,
      max: Number.MAX_VALUE,
      messages: { invalid: 'inválido', decimals: 'casas' },
      description: 'Reais',
    });
    expect(outcome(wide, 1e21)).toBe('casas');
    expect(outcome(wide, Number.MAX_SAFE_INTEGER)).toBe('casas');
    expect(outcome(wide, 90_071_992_547_409.9)).toBe(9_007_199_254_740_990);
  });

  it('is documented as a number in reais', () => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ type: 'number', minimum: 0.5, maximum: 100, description: 'Reais' });
  });
});

describe('the money fields of the requests', () => {
  it('top-up and test credits: R$ 1 to R$ 5.000, every mistake in one sentence', () => {
    expect(outcome(topUpAmountSchema, 1)).toBe(100);
    expect(outcome(topUpAmountSchema, 15.5)).toBe(1550);
    expect(outcome(topUpAmountSchema, 5000)).toBe(500_000);
    for (const amount of [0.99, 5000.01, 10.555, Number.NaN, '50', -0])
      expect(outcome(topUpAmountSchema, amount), String(amount)).toBe(messages.topUpAmountInvalid);
    expect(topUpBodySchema.parse({ amount: 0.29 + 20 })).toEqual({ amount: 2029 });
    // What a form holds, read once and checked by the same schema.
    expect(outcome(topUpAmountSchema, parseReais('15,50'))).toBe(1550);
    expect(outcome(topUpAmountSchema, parseReais('15,555'))).toBe(messages.topUpAmountInvalid);
  });

  it("the admin's credits: R$ 0,01 to R$ 10.000, with the admin's messages", () => {
    expect(addCreditsBodySchema.parse({ amount: 0.01 })).toEqual({ amount: 1 });
    expect(addCreditsBodySchema.parse({ amount: 10_000 })).toEqual({ amount: 1_000_000 });
    const cases: [unknown, string][] = [
      [0, messages.admin.creditsMinimum],
      [-5, messages.admin.creditsMinimum],
      ['10', messages.admin.creditsMinimum],
      [Number.POSITIVE_INFINITY, messages.admin.creditsMinimum],
      [10_000.01, messages.admin.creditsMaximum],
      [1.005, 'Use no máximo duas casas decimais.'],
    ];
    for (const [amount, message] of cases) expect(outcome(addCreditsBodySchema, { amount }), String(amount)).toBe(message);
  });

  it("a game's price (organisers, admins, weekly series): R$ 0 to R$ 10.000, numbers or their text; absent = free, empty = null (an error unless free)", () => {
    const price = (value: unknown) => {
      const parsed = gamePayloadSchema.safeParse({ price: value });
      return parsed.success ? parsed.data.price : parsed.error.issues[0]?.message;
    };
    expect(price(15.5)).toBe(1550);
    expect(price('19.99')).toBe(1999);
    expect(price(0)).toBe(0);
    expect(price(MAX_PRICE)).toBe(1_000_000);
    expect(price(undefined)).toBeUndefined();
    expect(price(null)).toBeNull();
    expect(price('')).toBeNull();
    expect(price('  ')).toBeNull();
    expect(price(-0.01)).toBe(messages.priceNegative);
    expect(price(MAX_PRICE + 0.01)).toBe(messages.priceTooHigh);
    expect(price(10.005)).toBe('Use no máximo duas casas decimais.');
    expect(price('10.005')).toBe('Use no máximo duas casas decimais.');
    expect(price('dez')).toBe('Informe um valor numérico.');
    expect(price(Number.NaN)).toBe('Informe um valor numérico.');
    expect(createSeriesBodySchema.parse({ price: 12.3 }).price).toBe(1230);
  });
});
