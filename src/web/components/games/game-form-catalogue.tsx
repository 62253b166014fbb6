import { Controller } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { useCities, type useSports, type useStates } from '../../lib/queries/reference-data';
import { Select } from '../ui/select';
import { useGameFormContext } from './use-game-form';

type GameCatalogueFieldsProps = {
  sports: ReturnType<typeof useSports>;
  states: ReturnType<typeof useStates>;
  stateId: string;
  /** A public game needs all three to be listed; a private one may leave them out. */
  isPublic: boolean;
};

/** Sport, state and city: what the catalogue files a public game under. Choosing a state loads its cities. */
export function GameCatalogueFields({ sports, states, stateId: chosenStateId, isPublic }: GameCatalogueFieldsProps) {
  const { control, setValue, formState } = useGameFormContext();
  const { errors } = formState;
  const stateId = chosenStateId ? Number(chosenStateId) : undefined;
  const cities = useCities(stateId);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Controller
        control={control}
        name="sportId"
        render={({ field: { value, onChange, onBlur, ref, name } }) => (
          <Select
            label={isPublic ? 'Esporte' : 'Esporte (opcional)'}
            placeholder={sports.isPending ? 'Carregando...' : 'Selecione o esporte'}
            options={(sports.data ?? []).map((sport) => ({ value: String(sport.id), label: sport.name }))}
            error={errors.sportId?.message}
            {...{ value, onChange, onBlur, ref, name }}
          />
        )}
      />
      <Controller
        control={control}
        name="stateId"
        render={({ field: { value, onChange, onBlur, ref, name } }) => (
          <Select
            label={isPublic ? 'Estado' : 'Estado (opcional)'}
            placeholder={states.isPending ? 'Carregando...' : 'Selecione o estado'}
            options={(states.data ?? []).map((state) => ({ value: String(state.id), label: `${state.name} (${state.uf})` }))}
            error={errors.stateId?.message}
            {...{ value, onBlur, ref, name }}
            onChange={(event) => {
              onChange(event.target.value);
              // Another state's cities: the chosen city no longer belongs.
              setValue('cityId', '', { shouldValidate: formState.submitCount > 0 });
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="cityId"
        render={({ field: { value, onChange, onBlur, ref, name } }) => (
          <Select
            label={isPublic ? 'Cidade' : 'Cidade (opcional)'}
            placeholder={cities.isFetching ? 'Carregando cidades...' : 'Selecione a cidade'}
            // A failed city load leaves the list empty (spec §8) and says so.
            options={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
            disabled={stateId === undefined}
            hint={stateId === undefined ? 'Selecione um estado primeiro' : undefined}
            error={errors.cityId?.message ?? (cities.isError ? errorMessage(cities.error, 'Erro ao carregar cidades') : undefined)}
            {...{ value, onChange, onBlur, ref, name }}
          />
        )}
      />
    </div>
  );
}
