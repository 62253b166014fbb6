import { Field } from '../ui/input';
import { useGameFormContext } from './use-game-form';

/** The description players read on the game's page. */
export function GameDescriptionField() {
  const { register, formState } = useGameFormContext();
  return (
    <Field
      label="Descrição"
      error={formState.errors.description?.message}
      hint="Aceita formatação básica em HTML (<b>, <i>, listas) e links (<a href>); as quebras de linha são mantidas."
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
