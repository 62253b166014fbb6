/**
 * Money is integer centavos inside and reais (at most two decimals) at the API edge. Amounts a client sends go
 * through `centsFromReais` (the shared request schemas, `reaisToCentsSchema`); this is for amounts the API itself
 * wrote as reais (replies), which are whole centavos already.
 */
export function toCents(reais: number): number {
  return Math.round(reais * 100);
}

const PLAIN_REAIS = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The exact centavos of an amount in reais, or undefined when it is not one: not a finite number, more than two
 * decimal places in its shortest written form (so 1.005 and 0.1 + 0.2 are refused, 19.99 is 1999), or more
 * centavos than a number holds exactly. Computed on the digits, so no float error creeps in; -0 is 0.
 */
export function centsFromReais(reais: number): number | undefined {
  if (typeof reais !== 'number' || !Number.isFinite(reais)) return undefined;
  const match = PLAIN_REAIS.exec(String(Math.abs(reais)));
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return reais < 0 ? -cents : cents;
}

/**
 * An amount typed in a money field ("15,50", "15.5", "15") as the number of reais it says, NaN when it says none;
 * a request schema (`reaisToCentsSchema`) then checks it and turns it into centavos.
 */
export function parseReais(text: string): number {
  const plain = text.trim().replace(',', '.');
  return /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

export function toReais(cents: number): number {
  return cents / 100;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 25,50` (with a normal space, so texts compare the same everywhere). */
export function formatBRL(reais: number): string {
  return brl.format(reais).replace(/\s/g, ' ');
}

/** `R$ 25,50` of an amount in centavos. */
export function formatCents(cents: number): string {
  return formatBRL(toReais(cents));
}
