/**
 * The IBGE code of each state (UF): the first two digits of every municipality code in it. A city's IBGE code is
 * 7 digits: the state's two, four of the municipality, and a check digit.
 */
export const IBGE_STATE_CODES: Readonly<Record<string, string>> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

export const IBGE_CITY_CODE = /^\d{7}$/;

/** Whether a 7-digit municipality code belongs to the state with this UF. */
export function isCityCodeOfState(code: string, uf: string): boolean {
  const prefix = IBGE_STATE_CODES[uf];
  return prefix !== undefined && IBGE_CITY_CODE.test(code) && code.startsWith(prefix);
}
