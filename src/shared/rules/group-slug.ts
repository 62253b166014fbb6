/** The longest slug made from a name, before a number is added to tell two turmas apart. */
export const MAX_SLUG_BASE = 60;

/**
 * The address of a turma's page (`/t/{slug}`) from its name: lower case, pt-BR accents stripped (ç → c, ã → a),
 * anything else between words one hyphen. A name with no letter or digit left gives ''.
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_BASE)
    .replace(/-+$/g, '');
}

/** The slug taken by the n-th turma of the same name (n from 2): `volei-da-praia-2`. */
export const numberedSlug = (base: string, n: number) => (n < 2 ? base : `${base}-${n}`);
