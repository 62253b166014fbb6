/** Money is integer centavos inside and reais (at most two decimals) at the API edge. */
export function toCents(reais: number): number {
  return Math.round(reais * 100);
}

export function toReais(cents: number): number {
  return cents / 100;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 25,50` (with a normal space, so texts compare the same everywhere). */
export function formatBRL(reais: number): string {
  return brl.format(reais).replace(/\s/g, ' ');
}

/** True when a number has at most two decimal places (0.1 + 0.2 style noise tolerated). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
