import { Field } from '../ui/input';
import { useGameFormContext } from './use-game-form';

/** The description players read on the game's page. */
export function GameDescriptionField() {
  const { register, formState } = useGameFormContext();
  return (
    <Field
      label="Descrição"
      error={formState.errors.description?.message}
      // What the page really does with it (server: core/games/description-html.ts): text as typed, its line breaks
      // kept and a blank line starting a paragraph. Nobody is asked for markup.
      hint="Escreva como numa mensagem: as quebras de linha aparecem como você digitou, e uma linha em branco começa outro parágrafo."
    >
      {(control) => (
        <textarea
          {...control}
          rows={5}
          maxLength={5000}
          placeholder="Nível do jogo, o que levar, regras da quadra..."
          {...register('description')}
        />
      )}
    </Field>
  );
}
