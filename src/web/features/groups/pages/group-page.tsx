import { CalendarPlus, MapPin, Pencil, RefreshCw, UserPlus, Users } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { GroupPage as GroupPageData } from '../../../../shared/schemas/groups';
import { QueryError } from '../../../components/games/list-states';
import { SignInActions } from '../../../components/sign-in-actions';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageSection } from '../../../components/ui/page-section';
import { FullPageLoader } from '../../../components/ui/spinner';
import { toastReply, useToast } from '../../../components/ui/toast';
import { hasErrorCode } from '../../../lib/api-client';
import { formatBRL, formatLongDate, formatTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDocumentTitle, useSharePreview } from '../../../lib/use-document-title';
import { useGroupPage, useJoinGroup, useLeaveGroup, useRenewInviteLink } from '../api';
import { GroupAvisos, MuteGroup, SendGroupMessage } from '../components/group-avisos';
import { GroupMembers, roleLabels } from '../components/group-members';

/** The link preview's line: city, members and the next game. */
function shareDescription(page: GroupPageData): string {
  const { group } = page;
  const members = group.memberCount === 1 ? '1 membro' : `${group.memberCount} membros`;
  const next = page.upcomingGames[0];
  const nextGame = next
    ? ` · Próximo jogo: ${formatLongDate(next.dateTime, next.timeZone)} às ${formatTime(next.dateTime, next.timeZone)}`
    : '';
  return `Turma de ${group.city.name} (${group.city.uf}) · ${members}${nextGame}`;
}

function JoinActions({ page, token }: { page: GroupPageData; token: string | undefined }) {
  const toast = useToast();
  const { user } = useSession();
  const join = useJoinGroup(page.group.id);
  const leave = useLeaveGroup(page.group.id);
  const back = `/t/${page.group.slug}${token ? `?convite=${encodeURIComponent(token)}` : ''}`;
  // A suspended turma takes no one in: not even a visitor is asked to sign in to join it.
  if (page.group.suspended) return null;
  if (!user) {
    return <SignInActions back={back}>Entre na sua conta ou crie uma para fazer parte da turma.</SignInActions>;
  }
  if (page.myRole === 'requested') return <Alert tone="info">Pedido enviado: um organizador da turma vai responder.</Alert>;
  if (page.myRole === null) {
    const asks = page.group.joinPolicy === 'approval' && !token;
    return (
      <Button
        size="lg"
        fullWidth
        busy={join.isPending}
        onClick={() => void toastReply(toast, join.mutateAsync(token), 'Erro ao entrar na turma')}
      >
        <UserPlus className="size-5" aria-hidden="true" />
        {asks ? 'Pedir para entrar' : 'Entrar na turma'}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="font-semibold">Você é {roleLabels[page.myRole].toLowerCase()} desta turma.</p>
      {page.myRole !== 'owner' && (
        <Button variant="ghost" busy={leave.isPending} onClick={() => void toastReply(toast, leave.mutateAsync(), 'Erro ao sair da turma')}>
          Sair da turma
        </Button>
      )}
    </div>
  );
}

/** What the owner and organisers have on the page: the join link to paste in the group chat, and a game of the turma. */
function OrganiserTools({ page }: { page: GroupPageData }) {
  const toast = useToast();
  const renew = useRenewInviteLink(page.group.id);
  if (!page.inviteUrl) return null;
  return (
    <PageSection id="organizar" title="Organizar">
      <Card className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Quem abrir o link de convite entra direto na turma, mesmo se ela for privada ou com aprovação.
        </p>
        <p className="break-all rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800" data-testid="link-de-convite">
          {page.inviteUrl}
        </p>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={page.inviteUrl} copied="Link de convite copiado!">
            Copiar link de convite
          </CopyButton>
          <Button
            variant="ghost"
            busy={renew.isPending}
            onClick={() => void toastReply(toast, renew.mutateAsync(), 'Erro ao criar um novo link')}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            Gerar novo link
          </Button>
        </div>
        {!page.group.suspended && (
          <div className="flex flex-wrap gap-2">
            <Link to={`/my-games/new?turma=${page.group.id}`} className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Criar jogo da turma
            </Link>
            <Link to={`/t/${page.group.slug}/editar`} className={buttonClasses('ghost', 'md', 'w-full sm:w-auto')}>
              <Pencil className="size-4" aria-hidden="true" />
              Editar turma
            </Link>
          </div>
        )}
      </Card>
    </PageSection>
  );
}

function UpcomingGames({ page }: { page: GroupPageData }) {
  return (
    <PageSection id="proximos-jogos" title="Próximos jogos">
      {page.upcomingGames.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">Nenhum jogo marcado por enquanto.</p>
      ) : (
        <ul className="space-y-3">
          {page.upcomingGames.map((game) => (
            <li key={game.id}>
              <Link
                to={`/apply/${game.id}`}
                className="block rounded-2xl border border-slate-200 p-4 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span className="block text-lg font-bold">{game.name}</span>
                <span className="block text-slate-700 dark:text-slate-300">
                  {formatLongDate(game.dateTime, game.timeZone)} às {formatTime(game.dateTime, game.timeZone)} · {game.location}
                </span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {game.price === 0 ? 'Gratuito' : formatBRL(game.price)}
                  {game.visibility === 'group' ? ' · Só para a turma' : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page.series.length > 0 && (
        <ul className="space-y-2">
          {page.series.map((series) => (
            <li key={series.id} className="rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
              <span className="block font-bold">{series.name}</span>
              <span className="block text-slate-700 dark:text-slate-300">
                Toda {series.weekday} às {series.time} · {series.location}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}

/** A turma's page (`/t/{slug}`): rendered by the server for visitors, with a link preview for WhatsApp. */
export function GroupPage() {
  const slug = useParams().slug ?? '';
  const token = useSearchParams()[0].get('convite') ?? undefined;
  const { user } = useSession();
  const page = useGroupPage(slug, token);
  useDocumentTitle(page.data?.group.name ?? 'Turma');
  useSharePreview(page.data ? { title: page.data.group.name, description: shareDescription(page.data) } : null);

  if (hasErrorCode(page.error, 'group_not_found')) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Turma não encontrada</h1>
        <p className="text-slate-700 dark:text-slate-300">Esta turma não existe ou é privada. Peça o link de convite a um organizador.</p>
      </div>
    );
  }
  if (page.isPending) return <FullPageLoader />;
  if (page.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Turma</h1>
        <QueryError title="Erro ao carregar a turma" query={page} />
      </div>
    );
  }
  const { group, myRole } = page.data;
  const isMember = myRole !== null && myRole !== 'requested';
  const runs = myRole === 'owner' || myRole === 'organiser';
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{group.name}</h1>
        <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <MapPin className="size-4" aria-hidden="true" />
          {group.city.name} ({group.city.uf})<span aria-hidden="true">·</span>
          <Users className="size-4" aria-hidden="true" />
          {group.memberCount === 1 ? '1 membro' : `${group.memberCount} membros`}
        </p>
        {group.organisers.length > 0 && (
          <p className="text-slate-700 dark:text-slate-300">Organização: {group.organisers.map((person) => person.name).join(', ')}</p>
        )}
        {group.suspended && <Alert tone="error">Esta turma foi suspensa pela administração do Bora Jogar.</Alert>}
        {group.description && <p className="whitespace-pre-line">{group.description}</p>}
      </header>
      <JoinActions page={page.data} token={token} />
      {user && isMember && <MuteGroup page={page.data} />}
      <OrganiserTools page={page.data} />
      {user && (isMember || user.role === 'admin') && <GroupAvisos page={page.data} />}
      {runs && !group.suspended && <SendGroupMessage groupId={group.id} />}
      <UpcomingGames page={page.data} />
      {user && isMember && <GroupMembers groupId={group.id} myRole={myRole} />}
    </div>
  );
}
