import { describe, expect, it } from 'vitest';
import { slotsText } from './game-facts';

describe('slotsText', () => {
  it('agrees with the total and never goes below zero', () => {
    expect(slotsText({ remainingSlots: 3, totalSlots: 12 })).toBe('3 de 12 vagas');
    expect(slotsText({ remainingSlots: 1, totalSlots: 1 })).toBe('1 de 1 vaga');
    expect(slotsText({ remainingSlots: -2, totalSlots: 1 })).toBe('0 de 1 vaga');
  });
});
