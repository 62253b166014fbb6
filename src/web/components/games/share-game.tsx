import { MessageCircle, Share2 } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import type { Game } from '../../../shared/schemas/games';
import { formatWeekdayDateTime } from '../../../shared/dates';
import { formatBRL } from '../../lib/format';
import { Button, buttonClasses } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { LinkField } from '../ui/input';
import { cn } from '../../lib/cn';

type Shareable = Pick<
  Game,
  | 'id'
  | 'name'
  | 'dateTime'
  | 'timeZone'
  | 'location'
  | 'price'
  | 'remainingSlots'
  | 'visibility'
  | 'privateLink'
  | 'status'
  | 'publicationState'
>;

/**
 * The address to pass a game on by (decision 047): a public game's page (a turma's game's too: its members open it
 * there, and nobody else by any link, decision 074), or a private game's private link. Null for a private game whose
 * link the caller does not hold (nothing they could pass on would open it).
 */
export function gameShareUrl(game: Shareable, origin: string): string | null {
  if (game.visibility !== 'private') return `${origin}/apply/${game.id}`;
  return game.privateLink ? `${origin}/games/private/${game.privateLink}` : null;
}

/** The places anyone reading the link can still take (a series' member places are not theirs), or the open line. */
function placesLeftText(remainingSlots: number): string {
  if (remainingSlots <= 0) return 'Lotado: lista de espera aberta';
  return remainingSlots === 1 ? '1 vaga livre' : `${remainingSlots} vagas livres`;
}

/** What goes with the link: name, weekday, date and time where the game is, place, price (or "Gratuito") and places left. */
export function gameShareText(game: Shareable): string {
  const price = game.price === 0 ? 'Gratuito' : formatBRL(game.price);
  return `${game.name} — ${formatWeekdayDateTime(game.dateTime, game.timeZone)}\n${game.location} · ${price}\n${placesLeftText(game.remainingSlots)}`;
}

export function whatsAppUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;
}

const noSubscription = () => () => {};

/**
 * "Compartilhar": the phone's own share sheet when the browser has one (WhatsApp, Telegram…); otherwise, or when the
 * sheet fails, the link to copy and a WhatsApp link right below the button.
 */
export function ShareGameButton({ game, fullWidth = false }: { game: Shareable; fullWidth?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const fieldId = useId();
  // The origin is known in the browser only: the server renders the button, never the panel.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  const shareUrl = gameShareUrl(game, origin);
  // Nothing to pass on: a link nobody could open, a cancelled game, a draft.
  if (shareUrl === null || game.status === 'cancelled' || game.publicationState === 'draft') return null;
  const url: string = shareUrl;
  const text = gameShareText(game);

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: game.name, text, url });
        return;
      } catch (error) {
        // The person closed the sheet: nothing to do. Any other failure falls back to the link.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setIsOpen((open) => !open);
  }

  return (
    <div className={cn('space-y-3', fullWidth && 'w-full')}>
      <Button
        variant="secondary"
        fullWidth={fullWidth}
        onClick={() => void share()}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
      >
        <Share2 className="size-4" aria-hidden="true" />
        Compartilhar
      </Button>
      {isOpen && (
        <div
          id={panelId}
          className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950/40"
        >
          <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
            Link do jogo
          </label>
          <LinkField id={fieldId} url={url} />
          <div className="flex flex-wrap gap-2 [&>*]:grow">
            <CopyButton text={url} copied="Link copiado!">
              Copiar link
            </CopyButton>
            <a href={whatsAppUrl(text, url)} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
              <MessageCircle className="size-4" aria-hidden="true" />
              Enviar no WhatsApp
              <span className="sr-only"> (abre em outra aba)</span>
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
