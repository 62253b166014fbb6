import { CircleCheck, Clock, CircleX, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { VerifyPaymentReply } from '../../../../shared/schemas/credits';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { hasErrorCode } from '../../../lib/api-client';
import { formatBRL } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePaymentVerification, useRefreshBalance } from '../../../lib/queries/credits';
import { AddCreditsModal } from '../../../components/credits/add-credits-modal';
import { rememberedReturn } from '../../../lib/next-path';

export const SESSION_NOT_FOUND = 'Sessão de pagamento não encontrada';
export const VERIFY_ERROR = 'Erro ao verificar pagamento';
export const VERIFY_CONNECTION_ERROR = 'Erro de conexão ao verificar pagamento';

function Links({ gameId }: { gameId?: number | null }) {
  // A credit purchase started from a game goes back to it.
  const [back] = useState(() => (gameId ? null : rememberedReturn()));
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {gameId ? (
        <Link to={`/confirmation/${gameId}`} className={buttonClasses('primary')}>
          Ver inscrição
        </Link>
      ) : null}
      {back && (
        <Link to={back} className={buttonClasses('primary')}>
          Voltar ao jogo
        </Link>
      )}
      <Link to="/games" className={buttonClasses(gameId || back ? 'secondary' : 'primary')}>
        Ver jogos
      </Link>
      <Link to="/profile" className={buttonClasses('secondary')}>
        Meu perfil
      </Link>
    </div>
  );
}

/** What became of the payment: an icon in its colour, a title and the server's message, announced as `role`. */
function OutcomeHeading({
  icon: Icon,
  iconClassName,
  title,
  message,
  role,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  message: string;
  role: 'status' | 'alert';
}) {
  return (
    <div className="flex items-start gap-3">
      <Icon className={`size-10 shrink-0 ${iconClassName}`} aria-hidden="true" />
      <div>
        <h2 className="text-xl font-bold">{title}</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300" role={role}>
          {message}
        </p>
      </div>
    </div>
  );
}

function Outcome({ reply, onRetry, isChecking }: { reply: VerifyPaymentReply; onRetry: () => void; isChecking: boolean }) {
  const [isAddOpen, setIsAddOpen] = useState(false);
  if (reply.success) {
    return (
      <div className="space-y-4">
        <OutcomeHeading
          icon={CircleCheck}
          iconClassName="text-green-700 dark:text-green-400"
          title="Pagamento confirmado!"
          // The server's sentence opens with the same words as the title: said once.
          message={reply.message.replace(/^Pagamento confirmado!\s*/, '')}
          role="status"
        />
        <p className="rounded-xl bg-slate-100 px-4 py-3 dark:bg-slate-800">
          Saldo atual: <strong className="text-lg tabular-nums">{formatBRL(reply.credits)}</strong>
        </p>
        <Links gameId={reply.outcome === 'confirmed' ? reply.gameId : null} />
      </div>
    );
  }
  if (reply.status === 'pending') {
    return (
      <div className="space-y-4">
        <OutcomeHeading
          icon={Clock}
          iconClassName="text-amber-600 dark:text-amber-400"
          title="Aguardando confirmação"
          message={reply.message}
          role="status"
        />
        <Button variant="secondary" onClick={onRetry} busy={isChecking} busyLabel="Verificando...">
          Verificar novamente
        </Button>
        <Links />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <OutcomeHeading
        icon={CircleX}
        iconClassName="text-red-700 dark:text-red-400"
        title="Pagamento não confirmado"
        message={reply.message}
        role="alert"
      />
      {reply.purpose !== 'game' && <Button onClick={() => setIsAddOpen(true)}>Adicionar créditos</Button>}
      <Links />
      <AddCreditsModal open={isAddOpen} onClose={() => setIsAddOpen(false)} />
    </div>
  );
}

/** The return page of every checkout: verifies the payment by its session id and says what came of it. */
export function PaymentSuccessPage() {
  useDocumentTitle('Pagamento');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() || null;
  const verification = usePaymentVerification(sessionId);
  const refreshBalance = useRefreshBalance();
  const refreshed = useRef(false);

  const isPaid = verification.data?.success === true;
  useEffect(() => {
    if (!isPaid || refreshed.current) return;
    refreshed.current = true;
    void refreshBalance();
  }, [isPaid, refreshBalance]);

  let content;
  if (!sessionId) {
    content = (
      <div className="space-y-4">
        <Alert tone="error">{SESSION_NOT_FOUND}</Alert>
        <Links />
      </div>
    );
  } else if (verification.isPending) {
    content = (
      <div className="flex items-center gap-3 text-slate-700 dark:text-slate-300" role="status">
        <Spinner className="size-6" />
        Verificando pagamento...
      </div>
    );
  } else if (verification.isError) {
    const isConnection = hasErrorCode(verification.error, 'connection_failed');
    content = (
      <div className="space-y-4">
        <Alert tone="error">{isConnection ? VERIFY_CONNECTION_ERROR : VERIFY_ERROR}</Alert>
        <Button variant="secondary" onClick={() => void verification.refetch()} busy={verification.isFetching} busyLabel="Verificando...">
          Tentar novamente
        </Button>
        <Links />
      </div>
    );
  } else {
    content = <Outcome reply={verification.data} onRetry={() => void verification.refetch()} isChecking={verification.isFetching} />;
  }

  return (
    <div className="mx-auto w-full max-w-lg">
      <PageHeader title="Pagamento" />
      <Card>{content}</Card>
    </div>
  );
}
