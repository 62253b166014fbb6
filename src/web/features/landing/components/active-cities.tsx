import { MapPin } from 'lucide-react';
import { useActiveCities } from '../api';

/** Where the product runs, straight from the active cities; nothing when the list is empty or fails. */
export function ActiveCities() {
  const { data: cities, isSuccess } = useActiveCities();
  if (!isSuccess || cities.length === 0) return null;

  return (
    <div>
      <h2 id="onde-tem-jogo" className="text-2xl font-bold tracking-tight">
        Onde tem jogo
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">O Bora Jogar já organiza partidas em:</p>
      <ul className="mt-4 flex flex-wrap gap-2" aria-labelledby="onde-tem-jogo">
        {cities.map((city) => (
          <li
            key={city.id}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 font-semibold dark:border-slate-700 dark:bg-slate-900"
          >
            <MapPin className="size-4 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            {city.name}
            <span className="text-sm font-normal text-slate-500 dark:text-slate-400">{city.uf}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
