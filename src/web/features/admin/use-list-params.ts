import { useLocation, useNavigation, useSearchParams } from 'react-router';

/**
 * Filters and page kept in the address (`?search=ana&page=2`), so going back from a detail
 * page returns to the same list. Changing any filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage : 1;
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;

  function update(changes: Partial<Record<K | 'page', string>>) {
    // A search that settles while the admin is already on the way to another page (a row they
    // clicked) must not replace that navigation and pull them back to the list.
    if (navigation.location && navigation.location.pathname !== pathname) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes) as Array<[string, string | undefined]>) {
          if (value === undefined || value === '' || (key === 'page' && value === '1')) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  return {
    page,
    values,
    setFilter: (key: K, value: string) => update({ [key]: value } as Partial<Record<K | 'page', string>>),
    setPage: (next: number) => update({ page: String(next) } as Partial<Record<K | 'page', string>>),
  };
}
