import { Phone, UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { isFuture } from '../../../../shared/rules/game-timing';
import { placesWording } from '../../../../shared/places-wording';
import type { GameRegistration, RegistrationStats, UserGame } from '../../../../shared/schemas/user-games';
import { QueryError } from '../../../components/games/list-states';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SkeletonStack } from '../../../components/ui/spinner';
import { toastReply, useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime, formatPhone } from '../../../lib/format';
import { removalRefundText } from '../../../lib/refund-text';
import { useRemoveGamePlayer, useUserGame } from '../api';
import { DownloadRegistrationsButton } from './download-registrations-button';
import { WalkIns } from './walk-ins';
import { paymentTypeLabel } from '../user-game-rules';

function Stat({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div className={cn('rounded-xl px-3 py-2', className)}>
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** The registrations by status, then the game's places in the one wording (placesWording), held ones explained. */
function Stats({ stats, game }: { stats: RegistrationStats; game: UserGame }) {
  const places = placesWording(game, new Date());
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-3 gap-2">
        <Stat
          label="Confirmadas"
          value={stats.confirmedRegistrations}
          className="bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100"
        />
        <Stat
          label="Aguardando pagamento"
          value={stats.pendingRegistrations}
          className="bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        />
        <Stat
          label="Canceladas"
          value={stats.cancelledRegistrations}
          className="bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"
        />
      </dl>
      <div
        className="rounded-xl bg-slate-100 px-3 py-2 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        data-testid="registrations-places"
      >
        <p className="text-sm font-medium">Vagas</p>
        <p className="font-bold tabular-nums">{places.line}</p>
        {places.heldNote && <p className="text-sm">{places.heldNote}</p>}
      </div>
    </div>
  );
}

type GroupKey = GameRegistration['status'] | 'left_waitlist';
type Group = { title: string; key: GroupKey; tone: BadgeTone; empty: string };

const groups: Group[] = [
  { title: 'Confirmados', key: 'confirmed', tone: 'success', empty: 'Nenhuma inscrição confirmada.' },
  { title: 'Aguardando pagamento', key: 'pending', tone: 'warning', empty: 'Ninguém aguardando pagamento.' },
  { title: 'Lista de espera', key: 'waitlist', tone: 'warning', empty: 'Ninguém na lista de espera.' },
  { title: 'Cancelados', key: 'cancelled', tone: 'danger', empty: 'Nenhuma inscrição cancelada.' },
  { title: 'Saíram da lista de espera', key: 'left_waitlist', tone: 'neutral', empty: '' },
];

/** Leaving the line is not a cancelled registration: it has its own group. */
const groupOf = (registration: GameRegistration): GroupKey => (registration.leftWaitlist ? 'left_waitlist' : registration.status);

/**
 * `timeZone`: the game's; what players did about a game reads on the clocks of its place. `onRemove`: the organiser may
 * take this player off the list (a live registration of a game still ahead).
 */
function RegistrationItem({
  registration,
  timeZone,
  onRemove,
}: {
  registration: GameRegistration;
  timeZone: string;
  onRemove?: (registration: GameRegistration) => void;
}) {
  const isCancelled = registration.status === 'cancelled';
  const when = isCancelled && registration.cancelledAt ? registration.cancelledAt : registration.createdAt;
  return (
    <li className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold">
          {registration.status === 'waitlist' && registration.waitlistPosition !== null && (
            <span className="mr-1.5 tabular-nums text-amber-800 dark:text-amber-200">{registration.waitlistPosition}º</span>
          )}
          {registration.userName}
        </p>
        {registration.status !== 'waitlist' && !registration.leftWaitlist && (
          <Badge tone="neutral" className="shrink-0 text-xs">
            {paymentTypeLabel(registration.paymentType)}
          </Badge>
        )}
      </div>
      <p className="break-all text-sm text-slate-600 dark:text-slate-400">{registration.userEmail}</p>
      {registration.userPhone && (
        // The phone the player gave "para o organizador": one tap calls them.
        <a
          href={`tel:+55${registration.userPhone}`}
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 tabular-nums underline-offset-4 hover:underline dark:text-brand-300"
          aria-label={`Ligar para ${registration.userName}: ${formatPhone(registration.userPhone)}`}
        >
          <Phone className="size-4" aria-hidden="true" />
          {formatPhone(registration.userPhone)}
        </a>
      )}
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {registration.leftWaitlist ? 'Saiu da fila em ' : isCancelled ? 'Cancelada em ' : 'Inscrição em '}
        <time dateTime={when} title={formatDateTime(when, timeZone)}>
          {formatDate(when, timeZone)}
        </time>
      </p>
      {onRemove && !isCancelled && (
        <Button
          variant="ghost"
          className="mt-1 -ml-2 text-red-700 dark:text-red-400"
          aria-label={`Remover ${registration.userName}`}
          onClick={() => onRemove(registration)}
        >
          <UserMinus className="size-4" aria-hidden="true" />
          Remover
        </Button>
      )}
    </li>
  );
}

function RegistrationGroups({
  registrations,
  timeZone,
  onRemove,
}: {
  registrations: GameRegistration[];
  timeZone: string;
  onRemove?: (registration: GameRegistration) => void;
}) {
  const baseId = useId();
  return (
    <div className="space-y-5">
      {groups.map((group) => {
        const items = registrations
          .filter((registration) => groupOf(registration) === group.key)
          .sort((a, b) => (group.key === 'waitlist' ? (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0) : 0));
        // The line and those who left it only show when someone is there; the three groups of the spec always show.
        if ((group.key === 'waitlist' || group.key === 'left_waitlist') && items.length === 0) return null;
        const headingId = `${baseId}-${group.key}`;
        return (
          <section key={group.key} aria-labelledby={headingId}>
            <h3 id={headingId} className="mb-2 flex items-center gap-2 font-bold">
              {group.title}
              <Badge tone={group.tone} className="text-xs">
                {items.length}
              </Badge>
            </h3>
            {items.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{group.empty}</p>
            ) : (
              <ul className="space-y-2">
                {items.map((registration) => (
                  <RegistrationItem key={registration.id} registration={registration} timeZone={timeZone} onRemove={onRemove} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** The question before taking a player off the list, in the same dialog: what it does to them and to their money. */
function RemovePlayerQuestion({ game, registration, onDone }: { game: UserGame; registration: GameRegistration; onDone: () => void }) {
  const toast = useToast();
  const remove = useRemoveGamePlayer(game.id);
  const paid = registration.paidAmount > 0;
  const refund = removalRefundText(registration.userName, registration.paymentType, registration.paidAmount);
  async function confirm() {
    await toastReply(toast, remove.mutateAsync(registration.userId), 'Erro ao remover jogador');
    onDone();
  }
  return (
    <div role="alertdialog" aria-labelledby="remove-player-title" aria-describedby="remove-player-text" className="space-y-4">
      <h3 id="remove-player-title" className="text-lg font-bold">
        Remover {registration.userName} do jogo?
      </h3>
      <div id="remove-player-text" className="space-y-2 text-slate-700 dark:text-slate-300">
        <p>A inscrição é cancelada e {registration.userName} recebe um aviso, como quando você cancela o jogo.</p>
        {refund && <p>{refund}</p>}
        {registration.status !== 'waitlist' && <p>A vaga vai para o primeiro da lista de espera, se houver.</p>}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} data-autofocus>
          Voltar
        </Button>
        <Button variant="danger" onClick={() => void confirm()} busy={remove.isPending} busyLabel="Removendo...">
          {paid ? 'Remover e reembolsar' : 'Remover'}
        </Button>
      </div>
    </div>
  );
}

/** "Inscrições do jogo": the counts and who is in, waiting, in line or out (organisers §2). */
export function RegistrationsDialog({ gameId, gameName, onClose }: { gameId: number; gameName: string; onClose: () => void }) {
  const detail = useUserGame(gameId);
  const [removing, setRemoving] = useState<GameRegistration | null>(null);
  const game = detail.data?.game;
  // The list changes while the game is ahead and not cancelled (the server says the same).
  const isOpen = game !== undefined && game.status !== 'cancelled' && isFuture(game.dateTime, new Date());
  if (removing && game) {
    return (
      <Modal open onClose={() => setRemoving(null)} title="Inscrições do jogo" description={gameName} className="sm:max-w-lg">
        <RemovePlayerQuestion game={game} registration={removing} onDone={() => setRemoving(null)} />
      </Modal>
    );
  }
  return (
    <Modal open onClose={onClose} title="Inscrições do jogo" description={gameName} className="sm:max-w-lg">
      <div className="space-y-5">
        {detail.data && game ? (
          <>
            <Stats stats={detail.data.stats} game={detail.data.game} />
            <DownloadRegistrationsButton gameId={gameId} fullWidth />
            <WalkIns game={game} walkIns={detail.data.walkIns} isOpen={isOpen} />
            <RegistrationGroups
              registrations={detail.data.registrations}
              timeZone={game.timeZone}
              onRemove={isOpen ? setRemoving : undefined}
            />
          </>
        ) : detail.isError ? (
          <QueryError title="Erro ao carregar dados do jogo" query={detail} fallback="Erro ao carregar dados do jogo" />
        ) : (
          <SkeletonStack label="Carregando inscrições..." bars={['h-20 w-full', 'h-16 w-full', 'h-16 w-full']} className="space-y-3" />
        )}
        <Button variant="secondary" fullWidth onClick={onClose}>
          Fechar
        </Button>
      </div>
    </Modal>
  );
}
