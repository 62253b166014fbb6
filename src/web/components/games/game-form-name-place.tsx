import { ExternalLink } from 'lucide-react';
import { Input } from '../ui/input';
import { useGameFormContext } from './use-game-form';

/** The game's name, where it is played and its address, with a link to check the address on a map. */
export function GameNameAndPlaceFields({ address }: { address: string | undefined }) {
  const { register, formState } = useGameFormContext();
  const { errors } = formState;
  const mapQuery = (address ?? '').trim();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Input
        label="Nome do jogo"
        required
        maxLength={100}
        autoComplete="off"
        placeholder="Ex.: Vôlei de Quinta"
        error={errors.name?.message}
        className="md:col-span-2"
        {...register('name')}
      />
      <Input
        label="Local"
        required
        maxLength={200}
        placeholder="Ex.: Ginásio do Estreito"
        error={errors.location?.message}
        {...register('location')}
      />
      <div>
        <Input
          label="Endereço (opcional)"
          maxLength={300}
          placeholder="Rua, número, bairro, cidade"
          hint="Usado para mostrar o mapa do local aos jogadores."
          error={errors.address?.message}
          {...register('address')}
        />
        {mapQuery && (
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery)}`}
            target="_blank"
            rel="noopener noreferrer"
            referrerPolicy="no-referrer"
            className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Conferir no mapa
            <span className="sr-only"> (abre em outra aba)</span>
          </a>
        )}
      </div>
    </div>
  );
}
