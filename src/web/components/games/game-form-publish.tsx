import { useId } from 'react';
import { cn } from '../../lib/cn';
import { useGameFormContext } from './use-game-form';

type GamePublishFieldProps = {
  /** The required fields (and, for a public game, sport, state and city) are filled. */
  isPublishable: boolean;
  isPublic: boolean;
  /** The box is ticked. */
  willPublish: boolean;
  /** Editing a game that is published now: the box says so ("Publicado"), and unticking it takes the game back. */
  isPublished: boolean;
};

function publishHint({ isPublishable, isPublic, willPublish, isPublished }: GamePublishFieldProps): string {
  if (isPublished) {
    return willPublish
      ? 'O jogo já está publicado. Desmarque para voltar a rascunho.'
      : 'Ao salvar, o jogo volta a ser rascunho e sai das listas; quem estiver inscrito é cancelado com reembolso integral (você confirma antes).';
  }
  if (!isPublishable) {
    return isPublic
      ? 'Preencha os campos obrigatórios, o esporte, o estado e a cidade para poder publicar.'
      : 'Preencha os campos obrigatórios para poder publicar.';
  }
  if (!willPublish) return 'Sem marcar, o jogo fica salvo como rascunho e não aparece para os jogadores.';
  return isPublic ? 'O jogo aparece no catálogo e já aceita inscrições.' : 'Quem tiver o link já pode se inscrever.';
}

/**
 * "Publicar imediatamente" on a new game or a draft, offered once the game could be published; "Publicado" on a game
 * published already, which is what it is, not something to do. Either way, what saving will do.
 */
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
        {props.isPublished ? 'Publicado' : 'Publicar imediatamente'}
      </label>
      <p id={`${publishId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {publishHint(props)}
      </p>
    </div>
  );
}
