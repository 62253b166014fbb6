import { ArrowLeft, Check, MessageCircle, Shuffle, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isFuture } from '../../../../shared/rules/game-timing';
import { presenceWindow } from '../../../../shared/rules/presence-window';
import { MAX_LEVEL, MAX_TEAMS, MIN_LEVEL, MIN_TEAMS, teamsShareText, teamTotal } from '../../../../shared/rules/team-draw';
import type { Team } from '../../../../shared/schemas/games';
import type { GameRegistration, UserGameDetail, WalkIn } from '../../../../shared/schemas/user-games';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { WalkInBadge } from '../../../components/games/walk-in-badge';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDrawTeams, useUpdateGamePlayer, useUpdateGameWalkIn, useUserGame } from '../api';
import { DownloadRegistrationsButton } from '../components/download-registrations-button';
import { CopyListButton, GameHistory } from '../components/game-history';
import { SendGameMessage } from '../components/send-game-message';
import { BackLink, UserGameNotFound } from '../components/my-game-navigation';
import { WalkIns } from '../components/walk-ins';

const levelOptions = Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => ({
  value: String(MIN_LEVEL + i),
  label: `Nível ${MIN_LEVEL + i}`,
}));
const teamCountOptions = Array.from({ length: MAX_TEAMS - MIN_TEAMS + 1 }, (_, i) => ({
  value: String(MIN_TEAMS + i),
  label: `${MIN_TEAMS + i} times`,
}));

const presenceHint = {
  too_early: 'A presença pode ser marcada a partir de 2 horas antes do jogo. O nível você já pode definir.',
  too_late: 'A presença só pode ser marcada até 3 dias depois do jogo.',
} as const;

type Save = (body: { present?: boolean | null; level?: number | null }) => void;

/** Who is checked in on game day: a confirmed player or a walk-in the organiser added by name (issue 42). */
type CheckIn = { name: string; present: boolean | null; level: number | null; noShows: number; isWalkIn: boolean };

/** "Veio" or "Faltou", pressed while it is the person's mark; tapping it again unmarks (a wrong tap). */
function PresenceButton({ mark, person, disabled, onSave }: { mark: boolean; person: CheckIn; disabled: boolean; onSave: Save }) {
  const isPressed = person.present === mark;
  const Icon = mark ? Check : X;
  return (
    <Button
      size="lg"
      variant={isPressed ? (mark ? 'primary' : 'danger') : 'secondary'}
      aria-pressed={isPressed}
      disabled={disabled}
      onClick={() => onSave({ present: isPressed ? null : mark })}
    >
      <Icon className="size-5" aria-hidden="true" />
      {mark ? 'Veio' : 'Faltou'}
    </Button>
  );
}

/** One person on the list: two large presence buttons (tap again to unmark) and the level picker. */
function CheckInRow({
  person,
  canMarkPresence,
  isSaving,
  onSave,
}: {
  person: CheckIn;
  canMarkPresence: boolean;
  isSaving: boolean;
  onSave: Save;
}) {
  const name = person.name;
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-lg font-semibold break-words">{name}</p>
        <div className="flex shrink-0 gap-1.5">
          {person.isWalkIn && <WalkInBadge />}
          {person.noShows > 0 && <Badge tone="warning">{person.noShows === 1 ? '1 falta' : `${person.noShows} faltas`}</Badge>}
        </div>
      </div>
      <div role="group" aria-label={`Presença de ${name}`} className="grid grid-cols-2 gap-2">
        <PresenceButton mark={true} person={person} disabled={!canMarkPresence || isSaving} onSave={onSave} />
        <PresenceButton mark={false} person={person} disabled={!canMarkPresence || isSaving} onSave={onSave} />
      </div>
      <Select
        label={
          <>
            Nível<span className="sr-only"> de {name}</span>
          </>
        }
        options={levelOptions}
        placeholder="Sem nível"
        value={person.level === null ? '' : String(person.level)}
        disabled={isSaving}
        onChange={(event) => onSave({ level: event.target.value === '' ? null : Number(event.target.value) })}
      />
    </li>
  );
}

function PlayerRow({ gameId, player, canMarkPresence }: { gameId: number; player: GameRegistration; canMarkPresence: boolean }) {
  const toast = useToast();
  const update = useUpdateGamePlayer(gameId);
  const save: Save = (body) => {
    update.mutate(
      { userId: player.userId, ...body },
      { onError: (error) => toast.show(errorMessage(error, 'Erro ao atualizar jogador'), 'error') },
    );
  };
  return (
    <CheckInRow
      person={{ name: player.userName, present: player.present, level: player.level, noShows: player.noShows, isWalkIn: false }}
      canMarkPresence={canMarkPresence}
      isSaving={update.isPending}
      onSave={save}
    />
  );
}

function WalkInRow({ gameId, walkIn, canMarkPresence }: { gameId: number; walkIn: WalkIn; canMarkPresence: boolean }) {
  const toast = useToast();
  const update = useUpdateGameWalkIn(gameId);
  const save: Save = (body) => {
    update.mutate(
      { walkInId: walkIn.id, ...body },
      { onError: (error) => toast.show(errorMessage(error, 'Erro ao atualizar avulso'), 'error') },
    );
  };
  return (
    <CheckInRow
      person={{ name: walkIn.name, present: walkIn.present, level: walkIn.level, noShows: 0, isWalkIn: true }}
      canMarkPresence={canMarkPresence}
      isSaving={update.isPending}
      onSave={save}
    />
  );
}

function CheckInList({ detail }: { detail: UserGameDetail }) {
  const players = detail.registrations.filter((registration) => registration.status === 'confirmed');
  const everyone = [...players, ...detail.walkIns];
  const presence = presenceWindow(detail.game.dateTime, new Date());
  const present = everyone.filter((person) => person.present === true).length;
  const absent = everyone.filter((person) => person.present === false).length;
  return (
    <section aria-labelledby="check-in-title" className="space-y-3">
      <h2 id="check-in-title" className="text-xl font-bold">
        Presença
      </h2>
      <p className="font-semibold tabular-nums text-slate-700 dark:text-slate-300" aria-live="polite">
        {present} {present === 1 ? 'presente' : 'presentes'} · {absent} {absent === 1 ? 'falta' : 'faltas'} ·{' '}
        {everyone.length - present - absent} sem marcar
      </p>
      {presence !== 'open' && <Alert tone="info">{presenceHint[presence]}</Alert>}
      {everyone.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">Nenhuma inscrição confirmada ainda.</p>
      ) : (
        <ul className="space-y-3">
          {players.map((player) => (
            <PlayerRow key={`player-${player.id}`} gameId={detail.game.id} player={player} canMarkPresence={presence === 'open'} />
          ))}
          {detail.walkIns.map((walkIn) => (
            <WalkInRow key={`walk-in-${walkIn.id}`} gameId={detail.game.id} walkIn={walkIn} canMarkPresence={presence === 'open'} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TeamCard({ team }: { team: Team }) {
  return (
    <li>
      <Card className="h-full space-y-2">
        <h3 className="flex items-baseline justify-between gap-2 text-lg font-bold">
          {team.name}
          <span className="text-sm font-semibold text-slate-600 tabular-nums dark:text-slate-400">Nível {teamTotal(team.players)}</span>
        </h3>
        <ul className="space-y-1">
          {team.players.map((player) => (
            <li key={`${player.walkIn ? 'walk-in' : 'player'}-${player.id}`} className="flex justify-between gap-2">
              <span className="min-w-0 break-words">
                {player.name}
                {player.walkIn && <span className="text-sm text-slate-600 dark:text-slate-400"> (avulso)</span>}
              </span>
              <span className="shrink-0 text-slate-600 tabular-nums dark:text-slate-400">{player.level ?? '–'}</span>
            </li>
          ))}
        </ul>
      </Card>
    </li>
  );
}

function TeamDraw({ detail }: { detail: UserGameDetail }) {
  const toast = useToast();
  const [teamCount, setTeamCount] = useState(String(MIN_TEAMS));
  const draw = useDrawTeams(detail.game.id);
  const teams = draw.data?.teams ?? detail.teams;
  const shareText = draw.data?.shareText ?? teamsShareText(detail.game, teams);

  function run() {
    draw.mutate(Number(teamCount), {
      onSuccess: () => toast.show('Times sorteados!', 'success'),
      onError: (error) => toast.show(errorMessage(error, 'Erro ao sortear os times'), 'error'),
    });
  }

  return (
    <section aria-labelledby="teams-title" className="space-y-3">
      <h2 id="teams-title" className="text-xl font-bold">
        Times
      </h2>
      <p className="text-slate-600 dark:text-slate-400">
        O sorteio usa quem está marcado como presente, avulsos incluídos (ou todos os confirmados e avulsos, se ninguém foi marcado), e
        equilibra os times pelo nível. Quem não tem nível conta como nível 3.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Select
          label="Número de times"
          options={teamCountOptions}
          value={teamCount}
          onChange={(event) => setTeamCount(event.target.value)}
        />
        <Button size="lg" onClick={run} busy={draw.isPending} busyLabel="Sorteando...">
          <Shuffle className="size-5" aria-hidden="true" />
          Sortear times
        </Button>
      </div>
      {teams.length > 0 && (
        <>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Times sorteados">
            {teams.map((team) => (
              <TeamCard key={team.name} team={team} />
            ))}
          </ul>
          <div className="grid grid-cols-2 gap-2">
            <CopyButton text={shareText} size="lg" copied="Times copiados!" failed="Não foi possível copiar. Tente o botão do WhatsApp.">
              Copiar
            </CopyButton>
            <a
              href={`https://wa.me/?text=${encodeURIComponent(shareText)}`}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'lg')}
            >
              <MessageCircle className="size-5" aria-hidden="true" />
              Enviar no WhatsApp
              <span className="sr-only"> (abre em outra aba)</span>
            </a>
          </div>
        </>
      )}
    </section>
  );
}

type Back = { to: string; label: string } | null;

function GameDay({ back }: { back: Back }) {
  const { id, gameId: adminGameId } = useParams();
  const gameId = Number(id ?? adminGameId);
  const detail = useUserGame(gameId);
  useDocumentTitle(detail.data ? `Dia do jogo: ${detail.data.game.name}` : 'Dia do jogo');
  const backLink = back ? (
    <Link
      to={back.to}
      className="mb-2 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Link>
  ) : (
    <BackLink />
  );

  const isNotFound = !Number.isInteger(gameId) || gameId <= 0 || hasErrorCode(detail.error, 'game_not_found');
  const game = detail.data?.game;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        {backLink}
        <PageHeader
          title="Dia do jogo"
          description={game && `${game.name} · ${formatDateTime(game.dateTime, game.timeZone)}`}
          actions={
            game && (
              <div className="flex flex-wrap gap-2">
                <CopyListButton gameId={game.id} />
                <DownloadRegistrationsButton gameId={game.id} />
              </div>
            )
          }
        />
      </div>
      {isNotFound ? (
        <UserGameNotFound />
      ) : detail.data ? (
        detail.data.game.status === 'cancelled' ? (
          <Alert tone="warning">Este jogo foi cancelado.</Alert>
        ) : (
          <>
            <CheckInList detail={detail.data} />
            {isFuture(detail.data.game.dateTime, new Date()) && (
              // Before the start the list can still take a "+1" at the court (decision 047).
              <Card>
                <WalkIns game={detail.data.game} walkIns={detail.data.walkIns} isOpen />
              </Card>
            )}
            <TeamDraw detail={detail.data} />
            <SendGameMessage gameId={gameId} />
          </>
        )
      ) : detail.isError ? (
        <QueryError title="Erro ao carregar jogo" query={detail} fallback="Erro ao carregar jogo" />
      ) : (
        <ListSkeleton label="Carregando jogo..." count={2} />
      )}
      {!isNotFound && detail.data && <GameHistory gameId={gameId} />}
    </div>
  );
}

/** `/my-games/:id/dia-do-jogo`: the organiser's phone screen on the court. */
export function GameDayPage() {
  return <GameDay back={null} />;
}

/** `/admin/games/:gameId/dia-do-jogo`: the same screen for an admin, back to the admin's game. */
export function AdminGameDayPage() {
  const { gameId } = useParams();
  return <GameDay back={{ to: `/admin/games/${gameId}`, label: 'Voltar ao jogo' }} />;
}
