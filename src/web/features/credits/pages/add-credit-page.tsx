import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { BackToGameLink } from '../../../components/ui/back-link';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { api, errorMessage } from '../../../lib/api-client';
import { formatBRL } from '../../../lib/format';
import { backPath, rememberedReturn, rememberReturn } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddCreditsForm } from '../../../components/credits/add-credits-form';

type Cancelled = { tone: 'info' | 'success' | 'error'; text: string };

/**
 * Back from the provider's page after "Cancelar" (`?cancelado=`, the purchase's public id): the purchase ends at once
 * and the page says so, instead of leaving it pending.
 */
function useCancelledPurchase(): Cancelled | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const sessionId = searchParams.get('cancelado');
  const [result, setResult] = useState<Cancelled | null>(null);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!sessionId || sent.current === sessionId) return;
    sent.current = sessionId;
    api('POST /credits/cancel-checkout', { body: { session_id: sessionId }, fallbackMessage: 'Erro ao cancelar a compra' })
      .then((reply) => setResult({ tone: reply.status === 'paid' ? 'success' : 'info', text: reply.message }))
      .catch((error: unknown) => setResult({ tone: 'error', text: errorMessage(error, 'Erro ao cancelar a compra') }))
      .finally(() =>
        setSearchParams(
          (params) => {
            params.delete('cancelado');
            return params;
          },
          { replace: true },
        ),
      );
  }, [sessionId, setSearchParams]);
  return result;
}

export function AddCreditPage() {
  useDocumentTitle('Adicionar créditos');
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const fromGame = backPath(searchParams);
  const isBackFromProvider = searchParams.has('cancelado');
  // The way back to the game survives the provider's page, whose return address is fixed.
  const [back] = useState(() => fromGame ?? (isBackFromProvider ? rememberedReturn() : null));
  useEffect(() => {
    if (!isBackFromProvider) rememberReturn(fromGame);
  }, [fromGame, isBackFromProvider]);
  const cancelled = useCancelledPurchase();
  return (
    <div className="mx-auto w-full max-w-lg">
      <BackToGameLink to={back} />
      <PageHeader title="Adicionar créditos" description="Use seus créditos para se inscrever nos jogos em um toque." />
      <Card className="space-y-5">
        {cancelled && <Alert tone={cancelled.tone === 'info' ? 'warning' : cancelled.tone}>{cancelled.text}</Alert>}
        <div className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-100 px-4 py-3 dark:bg-slate-800">
          <span className="text-slate-600 dark:text-slate-300">Saldo atual</span>
          <span className="text-2xl font-bold tabular-nums" data-testid="current-balance">
            {formatBRL(user?.credits ?? 0)}
          </span>
        </div>
        <AddCreditsForm />
      </Card>
    </div>
  );
}
