import { Link2, Link2Off } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import {
  isPaymentAccountCallbackResult,
  type PaymentAccountCallbackResult,
  type PaymentAccountProvider,
  type PaymentAccountsReply,
} from '../../../../shared/schemas/payment-accounts';
import { QueryError } from '../../../components/games/list-states';
import { Alert, type AlertTone } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSection } from '../../../components/ui/page-section';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { checkoutNavigation } from '../../../lib/checkout-redirect';
import { formatDate, TIME_ZONE } from '../../../lib/format';
import { useConnectPaymentAccount, useDisconnectPaymentAccount, usePaymentAccounts } from '../api';

const m = messages.paymentAccounts;

const resultTones: Record<PaymentAccountCallbackResult, AlertTone> = {
  connected: 'success',
  stripe_returned: 'success',
  stripe_link_expired: 'warning',
  denied: 'info',
  state_invalid: 'error',
  state_expired: 'error',
  state_used: 'error',
  code_refused: 'error',
  seller_taken: 'error',
  provider_unavailable: 'error',
};

type Account = { available: boolean; status: PaymentAccountsReply['mercadopago']['status']; chargesEnabled?: boolean };

/** What the organiser reads of an account's state; a Stripe account Stripe does not yet charge for is still being set up. */
function statusOf(account: Account): { label: string; tone: BadgeTone } {
  if (account.status === 'connected' && account.chargesEnabled === false) return { label: 'Cadastro pendente', tone: 'warning' };
  if (account.status === 'connected') return { label: 'Conectada', tone: 'success' };
  if (account.status === 'expired') return { label: 'Autorização vencida', tone: 'warning' };
  if (account.status === 'revoked') return { label: 'Acesso retirado', tone: 'danger' };
  return { label: 'Não conectada', tone: 'neutral' };
}

function connectLabel(account: Account): string {
  if (account.status === 'connected') return 'Continuar cadastro';
  return account.status === 'none' ? 'Conectar' : 'Conectar de novo';
}

/** The result the provider's page sent the organiser back with (`?conta=…&resultado=…`), read once and taken off the address. */
function useReturnedResult(): PaymentAccountCallbackResult | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const [result] = useState(() => {
    const value = searchParams.get('resultado');
    return searchParams.has('conta') && isPaymentAccountCallbackResult(value) ? value : null;
  });
  useEffect(() => {
    if (searchParams.has('conta')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  return result;
}

function ProviderCard({ provider, account, detail }: { provider: PaymentAccountProvider; account: Account; detail: string | null }) {
  const toast = useToast();
  const connect = useConnectPaymentAccount();
  const disconnect = useDisconnectPaymentAccount();
  const [isConfirming, setConfirming] = useState(false);
  const { name, the } = m.providers[provider];
  const status = statusOf(account);
  const isReady = account.status === 'connected' && account.chargesEnabled !== false;
  const isLost = account.status === 'expired' || account.status === 'revoked';
  const error = connect.error ?? disconnect.error;
  return (
    <li>
      <Card className="h-full space-y-3" data-testid={`payment-account-${provider}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold">{name}</h3>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        {!account.available ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{m.unavailable(provider)}</p>
        ) : (
          <>
            {detail && <p className="text-sm break-all text-slate-600 dark:text-slate-400">{detail}</p>}
            {isLost && <Alert tone="warning">{m.lostMeanwhile(provider)}</Alert>}
            {error && <Alert tone="error">{errorMessage(error, 'Erro ao falar com o provedor')}</Alert>}
            <div className="flex flex-wrap gap-3">
              {!isReady && (
                <Button
                  aria-label={`${connectLabel(account)}: ${name}`}
                  busy={connect.isPending || connect.isSuccess}
                  busyLabel={`Abrindo ${the}...`}
                  onClick={() => connect.mutate(provider, { onSuccess: (reply) => checkoutNavigation.go(reply.url) })}
                >
                  <Link2 className="size-5" aria-hidden="true" />
                  {connectLabel(account)}
                </Button>
              )}
              {account.status !== 'none' && (
                <Button variant="secondary" aria-label={`Desconectar ${the}`} onClick={() => setConfirming(true)}>
                  <Link2Off className="size-5" aria-hidden="true" />
                  Desconectar
                </Button>
              )}
            </div>
          </>
        )}
      </Card>
      <ConfirmDialog
        open={isConfirming}
        title={`Desconectar a conta ${m.providers[provider].of}?`}
        message={<p>Os pagamentos dos seus jogos voltam a passar pela plataforma e chegam a você por PIX.</p>}
        confirmLabel="Desconectar"
        cancelLabel="Voltar"
        tone="danger"
        busy={disconnect.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(provider, {
            onSuccess: (reply) => toast.show(reply.message, 'success'),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}

/**
 * "Receber direto na minha conta" (decision 082): the organiser's Mercado Pago and Stripe accounts, each with its state
 * and the way to connect or disconnect it, and what the provider's page said when it sent them back here.
 */
export function PaymentAccounts() {
  const accounts = usePaymentAccounts();
  const result = useReturnedResult();
  return (
    <PageSection
      id="earnings-payment-accounts"
      title="Receber direto na minha conta"
      icon={<Link2 className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />}
    >
      <p className="text-slate-700 dark:text-slate-300">
        Conecte sua conta do Mercado Pago ou da Stripe para receber os pagamentos dos seus jogos direto nela. Sem conta conectada, o
        dinheiro passa pela plataforma e chega a você por PIX.
      </p>
      {result && (
        <Alert tone={resultTones[result]} className="mt-3">
          {m.callback[result]}
        </Alert>
      )}
      {accounts.isPending ? (
        <Spinner label="Carregando suas contas" />
      ) : accounts.isError ? (
        <QueryError title="Erro ao carregar suas contas de recebimento" query={accounts} />
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          <ProviderCard
            provider="mercadopago"
            account={accounts.data.mercadopago}
            detail={
              accounts.data.mercadopago.status === 'connected' && accounts.data.mercadopago.expiresAt
                ? `Conta ${accounts.data.mercadopago.sellerId} · autorização renovada sozinha (vale até ${formatDate(accounts.data.mercadopago.expiresAt, TIME_ZONE)})`
                : null
            }
          />
          <ProviderCard
            provider="stripe"
            account={accounts.data.stripe}
            detail={accounts.data.stripe.accountId ? `Conta ${accounts.data.stripe.accountId}` : null}
          />
        </ul>
      )}
    </PageSection>
  );
}
