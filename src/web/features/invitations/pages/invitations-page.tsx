import { Mail, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Invitation } from '../../../../shared/schemas/invitations';
import { GameFacts } from '../../../components/games/game-facts';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useInvitations } from '../../../lib/queries/invitations';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoveInvitation } from '../api';

function InvitationCard({ invitation }: { invitation: Invitation }) {
  const { game } = invitation;
  const remove = useRemoveInvitation();
  const toast = useToast();
  return (
    <li className="flex">
      <Card className="flex w-full flex-col gap-3">
        <h2 className="text-lg font-bold">{game.name}</h2>
        <GameFacts game={game} compact />
        {remove.isError && <Alert tone="error">{errorMessage(remove.error, 'Erro ao remover convite')}</Alert>}
        <div className="mt-auto flex flex-wrap gap-2">
          {game.privateLink && (
            <Link to={`/games/private/${encodeURIComponent(game.privateLink)}`} className={buttonClasses('primary')}>
              Ver jogo
            </Link>
          )}
          <Button
            variant="ghost"
            onClick={() => remove.mutate(invitation.id, { onSuccess: (reply) => toast.show(reply.message, 'success') })}
            busy={remove.isPending}
            busyLabel="Removendo..."
            aria-label={`Remover convite: ${game.name}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remover convite
          </Button>
        </div>
      </Card>
    </li>
  );
}

export function InvitationsPage() {
  useDocumentTitle('Convites');
  const invitations = useInvitations();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageHeader title="Convites" description="Jogos privados para os quais você foi convidado." />
      {invitations.isPending ? (
        <ListSkeleton label="Carregando convites..." count={2} />
      ) : invitations.isError ? (
        <QueryError title="Erro ao carregar convites" query={invitations} fallback="Erro ao carregar convites" />
      ) : invitations.data.length === 0 ? (
        <EmptyState
          icon={Mail}
          title="Nenhum convite por enquanto"
          description="Quando um organizador convidar você para um jogo privado, ele aparece aqui."
          action={
            <Link to="/games" className={buttonClasses('primary')}>
              Ver jogos abertos
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {invitations.data.map((invitation) => (
            <InvitationCard key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </div>
  );
}
