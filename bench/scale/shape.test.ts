import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, drawShape, RECORDED_SEEDS, SHAPE_RANGES, type ShapeDraws } from './shape';

const names = Object.keys(SHAPE_RANGES) as Array<keyof ShapeDraws>;

describe('drawShape', () => {
  it('draws the same shape from the same seed', () => {
    expect(drawShape(DEFAULT_SEED)).toEqual(drawShape(DEFAULT_SEED));
    expect(drawShape(123_456)).toEqual(drawShape(123_456));
  });

  it('draws a different value of every proportion from each recorded seed', () => {
    const [first, second] = RECORDED_SEEDS.map(drawShape);
    for (const name of names) expect(first![name], name).not.toBe(second![name]);
  });

  it('keeps every draw within its range, whole where it counts or is money, over many seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 500; seed++) {
      const draws = drawShape(seed);
      expect(Object.keys(draws).sort()).toEqual([...names].sort());
      for (const name of names) {
        const [low, high] = SHAPE_RANGES[name];
        expect(draws[name], `${name}, seed ${seed}`).toBeGreaterThanOrEqual(low);
        expect(draws[name], `${name}, seed ${seed}`).toBeLessThanOrEqual(high);
      }
      for (const name of ['maxSlots', 'maxWaitlist', 'maxLeft', 'topUpCents'] as const) expect(Number.isInteger(draws[name])).toBe(true);
      seen.add(JSON.stringify(draws));
    }
    expect(seen.size).toBe(500);
  });

  it('spreads the draws over their ranges', () => {
    const draws = Array.from({ length: 500 }, (_, seed) => drawShape(seed).organiserSkew);
    const [low, high] = SHAPE_RANGES.organiserSkew;
    expect(Math.min(...draws)).toBeLessThan(low + (high - low) * 0.05);
    expect(Math.max(...draws)).toBeGreaterThan(high - (high - low) * 0.05);
  });

  it('refuses a seed the SQL cannot key its hashes by', () => {
    for (const seed of [-1, 1.5, 2 ** 31, Number.NaN]) expect(() => drawShape(seed)).toThrow(/semente inválida/);
  });
});
