import { CalendarPlus, Download } from 'lucide-react';
import { type MouseEvent, useState, useSyncExternalStore } from 'react';
import { googleCalendarUrl } from '../../../../shared/links';
import type { Game } from '../../../../shared/schemas/games';
import { buttonClasses } from '../../../components/ui/button';
import { apiDownload } from '../../../lib/api-client';
import { readStorage, storageKeys } from '../../../lib/storage';

const noSubscription = () => () => {};

/** The site's own address: known in the browser only, so the server render leaves it empty. */
function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
}

/**
 * Saves the game's .ics. A visitor follows the plain link (open games need no sign-in); a signed-in player
 * fetches it with their session, since a private game's file is theirs to read only.
 */
async function downloadWithSession(event: MouseEvent<HTMLAnchorElement>, gameId: number, onError: () => void) {
  if (!readStorage(storageKeys.authToken)) return;
  event.preventDefault();
  await apiDownload(`/games/${gameId}/calendar.ics`, `jogo-${gameId}.ics`, 'Não foi possível baixar o arquivo da agenda.').catch(onError);
}

/** "Adicionar à agenda": the game as an .ics file and on Google Calendar. */
export function AddToCalendar({ game }: { game: Game }) {
  const origin = useOrigin();
  const [failed, setFailed] = useState(false);
  if (game.status === 'cancelled') return null;
  const google = googleCalendarUrl({ ...game, url: `${origin}/apply/${game.id}` });
  return (
    <section aria-labelledby="add-to-calendar" className="space-y-3">
      <h2 id="add-to-calendar" className="text-xl font-bold">
        Adicionar à agenda
      </h2>
      <div className="flex flex-wrap gap-3">
        <a
          href={`/api/games/${game.id}/calendar.ics`}
          download={`jogo-${game.id}.ics`}
          onClick={(event) => {
            setFailed(false);
            void downloadWithSession(event, game.id, () => setFailed(true));
          }}
          className={buttonClasses('secondary')}
        >
          <Download className="size-5" aria-hidden="true" />
          Baixar arquivo da agenda (.ics)
        </a>
        <a href={google} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer" className={buttonClasses('secondary')}>
          <CalendarPlus className="size-5" aria-hidden="true" />
          Google Agenda
          <span className="sr-only"> (abre em outra aba)</span>
        </a>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Não foi possível baixar o arquivo da agenda. Tente novamente.
        </p>
      )}
    </section>
  );
}
