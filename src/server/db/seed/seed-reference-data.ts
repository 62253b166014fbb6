import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../open-database';
import { cities, sports, states } from '../schema';

/** Listed in this order (by id); volleyball first, the sport the product is marketed for. */
const SPORTS = ['Vôlei', 'Vôlei de Praia', 'Futevôlei', 'Beach Tennis', 'Futsal', 'Futebol Society', 'Basquete'];

/** Each state with the IANA zone of its capital (the tz database's Brazil zones; migration 0015 holds the same list). */
const STATES: ReadonlyArray<readonly [uf: string, name: string, timeZone: string]> = [
  ['AC', 'Acre', 'America/Rio_Branco'],
  ['AL', 'Alagoas', 'America/Maceio'],
  ['AP', 'Amapá', 'America/Belem'],
  ['AM', 'Amazonas', 'America/Manaus'],
  ['BA', 'Bahia', 'America/Bahia'],
  ['CE', 'Ceará', 'America/Fortaleza'],
  ['DF', 'Distrito Federal', 'America/Sao_Paulo'],
  ['ES', 'Espírito Santo', 'America/Sao_Paulo'],
  ['GO', 'Goiás', 'America/Sao_Paulo'],
  ['MA', 'Maranhão', 'America/Fortaleza'],
  ['MT', 'Mato Grosso', 'America/Cuiaba'],
  ['MS', 'Mato Grosso do Sul', 'America/Campo_Grande'],
  ['MG', 'Minas Gerais', 'America/Sao_Paulo'],
  ['PA', 'Pará', 'America/Belem'],
  ['PB', 'Paraíba', 'America/Fortaleza'],
  ['PR', 'Paraná', 'America/Sao_Paulo'],
  ['PE', 'Pernambuco', 'America/Recife'],
  ['PI', 'Piauí', 'America/Fortaleza'],
  ['RJ', 'Rio de Janeiro', 'America/Sao_Paulo'],
  ['RN', 'Rio Grande do Norte', 'America/Fortaleza'],
  ['RS', 'Rio Grande do Sul', 'America/Sao_Paulo'],
  ['RO', 'Rondônia', 'America/Porto_Velho'],
  ['RR', 'Roraima', 'America/Boa_Vista'],
  ['SC', 'Santa Catarina', 'America/Sao_Paulo'],
  ['SP', 'São Paulo', 'America/Sao_Paulo'],
  ['SE', 'Sergipe', 'America/Maceio'],
  ['TO', 'Tocantins', 'America/Araguaina'],
];

/** The product runs in one state; the others exist so turning one on is a data change, not a release. */
const ACTIVE_UF = 'SC';

/**
 * Santa Catarina's reference cities with their IBGE codes: Grande Florianópolis, then the state's main cities. Each code
 * was checked against the IBGE list and its check digit (decision 048); an admin adds any other city.
 */
export const SANTA_CATARINA_CITIES: ReadonlyArray<readonly [name: string, ibgeCode: string]> = [
  ['Florianópolis', '4205407'],
  ['São José', '4216602'],
  ['Palhoça', '4211900'],
  ['Biguaçu', '4202305'],
  ['Santo Amaro da Imperatriz', '4215703'],
  ['Governador Celso Ramos', '4206009'],
  ['Antônio Carlos', '4201208'],
  ['Águas Mornas', '4200606'],
  ['São Pedro de Alcântara', '4217253'],
  ['Joinville', '4209102'],
  ['Blumenau', '4202404'],
  ['Itajaí', '4208203'],
  ['Balneário Camboriú', '4202008'],
  ['Chapecó', '4204202'],
  ['Criciúma', '4204608'],
  ['Lages', '4209300'],
  ['Jaraguá do Sul', '4208906'],
  ['Brusque', '4202909'],
  ['Tubarão', '4218707'],
  ['Camboriú', '4203204'],
  ['Navegantes', '4211306'],
  ['Itapema', '4208302'],
  ['Concórdia', '4204301'],
  ['Rio do Sul', '4214805'],
  ['São Bento do Sul', '4215802'],
  ['Indaial', '4207502'],
  ['Gaspar', '4205902'],
  ['Tijucas', '4218004'],
  ['Imbituba', '4207304'],
  ['Araranguá', '4201406'],
  ['Laguna', '4209409'],
];

/**
 * Sports, the 27 states and Santa Catarina's cities. Idempotent and independent of demo data
 * (production needs them too); an existing row is never changed (a city only gains its missing IBGE code), so an
 * admin's `active` choice stays.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(sports)
      .values(SPORTS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(states)
      .values(STATES.map(([uf, name, timeZone]) => ({ uf, name, timeZone, active: uf === ACTIVE_UF })))
      .onConflictDoNothing();
    const [sc] = await tx.select({ id: states.id }).from(states).where(eq(states.uf, 'SC'));
    // A city already there by name (an admin added it without its code, or before codes) gets its code; nothing else changes.
    for (const [name, ibgeCode] of SANTA_CATARINA_CITIES) {
      await tx
        .update(cities)
        .set({ ibgeCode })
        .where(and(eq(cities.stateId, sc!.id), eq(cities.name, name), isNull(cities.ibgeCode)));
    }
    await tx
      .insert(cities)
      .values(SANTA_CATARINA_CITIES.map(([name, ibgeCode]) => ({ stateId: sc!.id, name, ibgeCode })))
      .onConflictDoNothing();
  });
}
