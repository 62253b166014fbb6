import { useId } from 'react';
import { cn } from '../../lib/cn';
import { useGameFormContext } from './use-game-form';

type GamePublishFieldProps = {
  /** The required fields (and, for a public game, sport, state and city) are filled. */
  isPublishable: boolean;
  isPublic: boolean;
  /** "Publicar imediatamente" is ticked. */
  willPublish: boolean;
};

function publishHint({ isPublishable, isPublic, willPublish }: GamePublishFieldProps): string {
  if (!isPublishable) {
    return isPublic
      ? 'Preencha os campos obrigatórios, o esporte, o estado e a cidade para poder publicar.'
      : 'Preencha os campos obrigatórios para poder publicar.';
  }
  if (!willPublish) return 'Sem marcar, o jogo fica salvo como rascunho e não aparece para os jogadores.';
  return isPublic ? 'O jogo aparece no catálogo e já aceita inscrições.' : 'Quem tiver o link já pode se inscrever.';
}

/** "Publicar imediatamente", offered once the game could be published, and what saving will do. */
export function GamePublishField(props: GamePublishFieldProps) {
  const { register } = useGameFormContext();
  const publishId = useId();
  return (
    <div>
      <label
        htmlFor={publishId}
        className={cn(
          'inline-flex min-h-11 items-center gap-3 font-semibold',
          props.isPublishable ? 'cursor-pointer' : 'cursor-not-allowed text-slate-500 dark:text-slate-400',
        )}
      >
        <input
          id={publishId}
          type="checkbox"
          disabled={!props.isPublishable}
          aria-describedby={`${publishId}-hint`}
          className="size-5 accent-brand-700"
          {...register('publish')}
        />
        Publicar imediatamente
      </label>
      <p id={`${publishId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {publishHint(props)}
      </p>
    </div>
  );
}
