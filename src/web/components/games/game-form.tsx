import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useSports } from '../../lib/queries/reference-data';
import { Alert } from '../ui/alert';
import { GameFormActions } from './game-form-actions';
import { GameCatalogueFields } from './game-form-catalogue';
import { GameChoiceFields } from './game-form-choices';
import { GameDescriptionField } from './game-form-description';
import { GameNameAndPlaceFields } from './game-form-name-place';
import { GamePublishField } from './game-form-publish';
import { GameScheduleFields } from './game-form-schedule';
import { GameSeriesFields } from './game-form-series';
import { canPublish } from './game-form-values';
import { useGameForm, type GameFormOptions } from './use-game-form';

type GameFormProps = Omit<GameFormOptions, 'isLocked'> & {
  submitLabel: string;
  busyLabel: string;
  /** Where "leave without saving" goes, and its label. */
  leave: { to: string; label: string };
  /** Why nothing here can change (a cancelled game); the fields stay readable. */
  lockedReason?: ReactNode;
  /** Payment mode is fixed once someone registered. */
  isPaymentLocked?: boolean;
  /** The turma the game is created in: it may be for its members only. */
  groupName?: string;
};

/**
 * The game form of organisers and admins (create and edit; decision 016): the spec's messages above the
 * fields, the same rules the server runs, the server's field errors under their fields, and a second submit
 * while one is on its way ignored.
 */
export function GameForm({ submitLabel, busyLabel, leave, lockedReason, isPaymentLocked = false, groupName, ...options }: GameFormProps) {
  const isLocked = lockedReason !== undefined;
  const { form, values, states, timeZone, errorMessage, submit } = useGameForm({ ...options, isLocked });
  const sports = useSports();
  const referenceError = [sports, states].find((query) => query.isError)?.error;
  const isPublic = values.visibility === 'public';
  const isSeries = Boolean(options.onSaveSeries && values.repeatWeekly);

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6" aria-label={submitLabel}>
        {isLocked && (
          <Alert tone="warning" title="Este jogo não pode ser editado">
            {lockedReason}
          </Alert>
        )}
        {errorMessage && <Alert tone="error">{errorMessage}</Alert>}
        {referenceError !== undefined && <Alert tone="error">Erro ao carregar dados de referência</Alert>}

        <fieldset disabled={isLocked} className="min-w-0 space-y-6">
          <GameNameAndPlaceFields address={values.address} />
          <GameCatalogueFields sports={sports} states={states} stateId={values.stateId} isPublic={isPublic} />
          <GameScheduleFields timeZone={timeZone} unchangedDateTime={options.unchangedDateTime} />
          <GameDescriptionField />
          <GameChoiceFields isPaymentLocked={isPaymentLocked} isExternalPayment={values.payment === 'external'} groupName={groupName} />
          {options.onSaveSeries && <GameSeriesFields isRepeating={values.repeatWeekly} />}
          {!isSeries && (
            <GamePublishField
              isPublishable={canPublish(values)}
              isPublic={isPublic}
              willPublish={values.publish}
              // Only an edit of a published game starts ticked.
              isPublished={options.defaultValues.publish}
            />
          )}
        </fieldset>

        <GameFormActions
          leave={leave}
          isLocked={isLocked}
          isBusy={options.isBusy || form.formState.isSubmitting}
          busyLabel={busyLabel}
          label={isSeries ? 'Criar série' : submitLabel}
        />
      </form>
    </FormProvider>
  );
}
