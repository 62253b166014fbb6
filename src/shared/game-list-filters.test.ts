import { describe, expect, it } from 'vitest';
import { countGameListFilters, gameListFiltersSearch, parseGameListFilters } from './game-list-filters';

const parse = (search: string) => parseGameListFilters(new URLSearchParams(search));

describe('games-list filters in the address', () => {
  it('reads every filter the API takes, typed as the API reads them', () => {
    expect(parse('?sportId=1&stateId=24&cityId=2&date=2026-12-05&location=%20Gin%C3%A1sio%20')).toEqual({
      sportId: 1,
      stateId: 24,
      cityId: 2,
      date: '2026-12-05',
      location: 'Ginásio',
    });
  });

  it('leaves out what the API would refuse, empty values and anything that is not a filter', () => {
    expect(parse(`?sportId=abc&stateId=0&cityId=-3&date=2026-02-30&location=${'x'.repeat(101)}`)).toEqual({});
    expect(parse('?sportId=&location=%20%20&status=cancelled&privateLink=abc&limit=1&utm_source=zap')).toEqual({});
    expect(parse('?cityId=2&cityId=9&date=05/12/2026')).toEqual({ cityId: 2 });
  });

  it('writes the filters in one order, so one list has one address', () => {
    expect(gameListFiltersSearch({ location: 'Praia Mole', date: '2026-12-05', sportId: 1 })).toBe(
      '?sportId=1&date=2026-12-05&location=Praia+Mole',
    );
    expect(gameListFiltersSearch({ location: '', cityId: undefined })).toBe('');
    expect(gameListFiltersSearch(parse('?location=Lagoa&cityId=2&stateId=24&x=1'))).toBe('?stateId=24&cityId=2&location=Lagoa');
  });

  it('counts the filters that are on', () => {
    expect(countGameListFilters({})).toBe(0);
    expect(countGameListFilters({ stateId: 24, cityId: 2, location: '' })).toBe(2);
  });
});
