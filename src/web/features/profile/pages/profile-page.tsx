import { Mail, Phone, Plus, UserRound, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isFuture } from '../../../../shared/rules/game-timing';
import type { MyGame, WaitlistedGame } from '../../../../shared/schemas/games';
import { AddCreditsModal } from '../../../components/credits/add-credits-modal';
import { CancelRegistrationDialog } from '../../../components/games/cancel-registration-dialog';
import { NoGamesYet } from '../../../components/games/no-games-yet';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { RegistrationBadge } from '../../../components/games/registration-badge';
import { Alert } from '../../../components/ui/alert';
import { BackToGameLink } from '../../../components/ui/back-link';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSection } from '../../../components/ui/page-section';
import { errorMessage } from '../../../lib/api-client';
import { backPath } from '../../../lib/next-path';
import { formatBRL, formatPhone } from '../../../lib/format';
import { useCancelRegistration, useMe } from '../../../lib/queries/me';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountSettings } from '../components/account-settings';
import { GameHistory } from '../components/game-history';
import { MyCalendar } from '../components/my-calendar';
import { NotificationPreferences } from '../components/notification-preferences';
import { PayoutKeyForm } from '../components/payout-key-form';
import { PhoneForm } from '../components/phone-modal';
import { ProfileGameRow } from '../components/profile-game-row';

type CancelTarget = MyGame | WaitlistedGame;
type Result = { text: string; isSuccess: boolean };

const linkClasses = 'inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

/** Games the player is out of, one badge for all; nothing when there are none. */
function PastSection({ id, title, games, status }: { id: string; title: string; games: MyGame[]; status: 'cancelled' | 'left_waitlist' }) {
  if (games.length === 0) return null;
  return (
    <PageSection id={id} title={title}>
      <ul className="space-y-3">
        {games.map((game) => (
          <ProfileGameRow key={game.id} game={game} badge={<RegistrationBadge status={status} />} />
        ))}
      </ul>
    </PageSection>
  );
}

export function ProfilePage() {
  useDocumentTitle('Meu perfil');
  const { user } = useSession();
  // Sent here from a game to fill the phone in: the way back to it.
  const back = backPath(useSearchParams()[0]);
  const me = useMe();
  const cancel = useCancelRegistration();
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [isEditingPhone, setIsEditingPhone] = useState(false);
  const [isAddCreditsOpen, setIsAddCreditsOpen] = useState(false);

  if (!user) return null;
  const now = new Date();
  const myGames = me.data?.myGames ?? [];
  const futureGames = myGames.filter((game) => game.registrationType !== 'cancelled' && isFuture(game.dateTime, now));
  const cancelledGames = myGames.filter((game) => game.registrationType === 'cancelled' && !game.leftWaitlist);
  const leftLines = myGames.filter((game) => game.leftWaitlist);
  const waitlisted = me.data?.waitlistedGames ?? [];

  function confirmCancel() {
    if (!target) return;
    cancel.mutate(target.id, {
      onSuccess: (reply) => setResult({ text: reply.message, isSuccess: reply.message.includes('sucesso') }),
      onError: (error) => {
        const detail = errorMessage(error, '');
        setResult({ text: detail ? `Erro ao cancelar inscrição. ${detail}` : 'Erro ao cancelar inscrição.', isSuccess: false });
      },
      onSettled: () => setTarget(null),
    });
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div>
        <BackToGameLink to={back} />
        <PageHeader title="Meu perfil" />
      </div>

      <div className="grid gap-4 md:grid-cols-[1fr_20rem]">
        <Card className="space-y-3">
          <p className="flex items-center gap-2 text-lg font-bold">
            <UserRound className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            {user.name}
          </p>
          <p className="flex items-center gap-2 break-all">
            <Mail className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="sr-only">E-mail: </span>
            {user.email}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Phone className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="sr-only">Telefone: </span>
            {user.phone ? (
              <span className="tabular-nums">{formatPhone(user.phone)}</span>
            ) : (
              <>
                <span className="text-slate-600 dark:text-slate-400">Telefone não informado</span>
                <Button variant="secondary" onClick={() => setIsEditingPhone(true)}>
                  Informar telefone
                </Button>
              </>
            )}
          </div>
        </Card>
        <Card className="flex flex-col justify-between gap-3">
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-600 dark:text-slate-400">
              <Wallet className="size-5" aria-hidden="true" />
              Saldo de créditos
            </p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{formatBRL(user.credits)}</p>
          </div>
          <Button onClick={() => setIsAddCreditsOpen(true)}>
            <Plus className="size-5" aria-hidden="true" />
            Adicionar créditos
          </Button>
          <AddCreditsModal open={isAddCreditsOpen} onClose={() => setIsAddCreditsOpen(false)} />
        </Card>
      </div>

      {result && <Alert tone={result.isSuccess ? 'success' : 'error'}>{result.text}</Alert>}

      {me.isPending ? (
        <ListSkeleton label="Carregando seus jogos..." count={2} />
      ) : me.isError ? (
        <QueryError title="Erro ao carregar seus jogos" query={me} />
      ) : (
        <>
          <PageSection id="profile-future" title="Próximos jogos">
            {futureGames.length === 0 ? (
              <NoGamesYet description="Quando você se inscrever, seus jogos aparecem aqui." />
            ) : (
              <ul className="space-y-3">
                {futureGames.map((game) => (
                  <ProfileGameRow key={game.id} game={game} badge={<RegistrationBadge status={game.registrationType} />}>
                    <Link to={`/apply/${game.id}`} className={buttonClasses('secondary')}>
                      Ver detalhes
                    </Link>
                    <Button variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setTarget(game)}>
                      Cancelar inscrição
                    </Button>
                  </ProfileGameRow>
                ))}
              </ul>
            )}
          </PageSection>

          <PageSection id="profile-waitlist" title="Lista de espera">
            {waitlisted.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">Você não está na lista de espera de nenhum jogo.</p>
            ) : (
              <ul className="space-y-3">
                {waitlisted.map((game) => (
                  <ProfileGameRow key={game.id} game={game} badge={<RegistrationBadge status="waitlist" />}>
                    <p className="mr-auto inline-flex min-h-11 items-center font-semibold tabular-nums">Posição na fila: {game.position}</p>
                    <Button variant="secondary" onClick={() => setTarget(game)}>
                      Sair da lista de espera
                    </Button>
                  </ProfileGameRow>
                ))}
              </ul>
            )}
          </PageSection>

          <PastSection id="profile-cancelled" title="Inscrições canceladas" games={cancelledGames} status="cancelled" />
          <PastSection id="profile-left-waitlist" title="Listas de espera que você deixou" games={leftLines} status="left_waitlist" />
          <GameHistory />
          <p>
            <Link to="/games" className={linkClasses}>
              Procurar mais jogos
            </Link>
          </p>
        </>
      )}

      <NotificationPreferences />

      <MyCalendar />

      <PayoutKeyForm />

      <AccountSettings user={user} hasPassword={me.data?.hasPassword ?? true} />

      <CancelRegistrationDialog game={target} busy={cancel.isPending} onConfirm={confirmCancel} onCancel={() => setTarget(null)} />
      <PhoneForm open={isEditingPhone && !user.phone} onClose={() => setIsEditingPhone(false)} />
    </div>
  );
}
