import { eq } from 'drizzle-orm';
import type { Db } from '../open-database';
import { cities, sports, states } from '../schema';

/** Listed in this order (by id); volleyball first, the sport the product is marketed for. */
const SPORTS = ['Vôlei', 'Vôlei de Praia', 'Futevôlei', 'Beach Tennis', 'Futsal', 'Futebol Society', 'Basquete'];

const STATES: ReadonlyArray<readonly [uf: string, name: string]> = [
  ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'], ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'], ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'], ['PA', 'Pará'], ['PB', 'Paraíba'], ['PR', 'Paraná'],
  ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'], ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'], ['RO', 'Rondônia'], ['RR', 'Roraima'], ['SC', 'Santa Catarina'], ['SP', 'São Paulo'],
  ['SE', 'Sergipe'], ['TO', 'Tocantins'],
];

/** The product runs in one state; the others exist so turning one on is a data change, not a release. */
const ACTIVE_UF = 'SC';

const SANTA_CATARINA_CITIES: ReadonlyArray<readonly [name: string, active: boolean]> = [
  ['Florianópolis', true], ['Joinville', true], ['Blumenau', false], ['São José', false], ['Palhoça', false],
  ['Itajaí', false], ['Balneário Camboriú', false], ['Chapecó', false], ['Criciúma', false], ['Lages', false],
];

/**
 * Sports, the 27 states and Santa Catarina's cities. Idempotent and independent of demo data
 * (production needs them too); an existing row is never changed, so an admin's `active` choice stays.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(sports).values(SPORTS.map((name) => ({ name }))).onConflictDoNothing();
    await tx
      .insert(states)
      .values(STATES.map(([uf, name]) => ({ uf, name, active: uf === ACTIVE_UF })))
      .onConflictDoNothing();
    const [sc] = await tx.select({ id: states.id }).from(states).where(eq(states.uf, 'SC'));
    await tx
      .insert(cities)
      .values(SANTA_CATARINA_CITIES.map(([name, active]) => ({ stateId: sc!.id, name, active })))
      .onConflictDoNothing();
  });
}
