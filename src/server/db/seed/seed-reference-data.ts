import { eq } from 'drizzle-orm';
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

const SANTA_CATARINA_CITIES: ReadonlyArray<readonly [name: string, active: boolean]> = [
  ['Florianópolis', true],
  ['Joinville', true],
  ['Blumenau', false],
  ['São José', false],
  ['Palhoça', false],
  ['Itajaí', false],
  ['Balneário Camboriú', false],
  ['Chapecó', false],
  ['Criciúma', false],
  ['Lages', false],
];

/**
 * Sports, the 27 states and Santa Catarina's cities. Idempotent and independent of demo data
 * (production needs them too); an existing row is never changed, so an admin's `active` choice stays.
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
    await tx
      .insert(cities)
      .values(SANTA_CATARINA_CITIES.map(([name, active]) => ({ stateId: sc!.id, name, active })))
      .onConflictDoNothing();
  });
}
