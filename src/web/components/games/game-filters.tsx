import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { useCities, useSports, useStates } from '../../lib/queries/reference-data';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import type { GameFiltersState } from './use-game-filters';

const toId = (value: string) => (value === '' ? undefined : Number(value));
const toOption = (item: { id: number; name: string }) => ({ value: String(item.id), label: item.name });

/**
 * Sport, state, city (after a state), date, location and a clear button. On phones the fields fold
 * behind a button that says how many filters are on ("Filtros (2)"); the clear button stays in sight.
 */
export function GameFilters({ filters, clearLabel = 'Limpar filtros' }: { filters: GameFiltersState; clearLabel?: string }) {
  const { values } = filters;
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const sports = useSports();
  const states = useStates();
  const cities = useCities(values.stateId);
  const hasState = values.stateId !== undefined;

  return (
    <form
      role="search"
      aria-label="Filtrar jogos"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-wrap gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800 dark:bg-slate-900"
    >
      <Button
        variant="secondary"
        className="flex-1 whitespace-nowrap sm:hidden"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <SlidersHorizontal className="size-5" aria-hidden="true" />
        {filters.count > 0 ? `Filtros (${filters.count})` : 'Filtros'}
      </Button>
      {/* Folded on phones; on wider screens the fields are cells of the form's grid. */}
      <div id={panelId} className={cn('w-full gap-3 sm:contents', isOpen ? 'grid' : 'hidden')}>
        <Select
          label="Esporte"
          placeholder="Todos os esportes"
          options={(sports.data ?? []).map(toOption)}
          value={values.sportId?.toString() ?? ''}
          onChange={(event) => filters.set('sportId', toId(event.target.value))}
          error={sports.isError ? 'Erro ao carregar esportes' : undefined}
        />
        <Select
          label="Estado"
          placeholder="Todos os estados"
          options={(states.data ?? []).map((state) => ({ value: String(state.id), label: `${state.name} (${state.uf})` }))}
          value={values.stateId?.toString() ?? ''}
          onChange={(event) => filters.setState(toId(event.target.value))}
          error={states.isError ? 'Erro ao carregar estados' : undefined}
        />
        <Select
          label="Cidade"
          placeholder={hasState ? 'Todas as cidades' : 'Escolha um estado antes'}
          options={(cities.data ?? []).map(toOption)}
          value={values.cityId?.toString() ?? ''}
          onChange={(event) => filters.set('cityId', toId(event.target.value))}
          disabled={!hasState}
          error={cities.isError ? 'Erro ao carregar cidades' : undefined}
        />
        <Input
          label="Data"
          type="date"
          value={values.date ?? ''}
          onChange={(event) => filters.set('date', event.target.value || undefined)}
        />
        <Input
          label="Local"
          type="search"
          placeholder="Ginásio, praia, bairro..."
          maxLength={100}
          value={values.location ?? ''}
          onChange={(event) => filters.set('location', event.target.value || undefined)}
        />
      </div>
      <div className="flex flex-1 items-end">
        <Button variant="secondary" fullWidth className="whitespace-nowrap" onClick={filters.clear} disabled={!filters.hasFilters}>
          <X className="size-5 max-sm:hidden" aria-hidden="true" />
          {clearLabel}
        </Button>
      </div>
    </form>
  );
}
