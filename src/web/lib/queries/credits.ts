import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopUpBody } from '../../../shared/schemas/credits';
import { api } from '../api-client';
import type { CheckoutReply } from '../checkout-redirect';
import { meKey } from './me';
import { refreshSessionUser } from '../session';

export function getCreditsConfig() {
  return api('GET /credits/config');
}

// The mode only changes with a restart of the server.
export const creditsConfigQuery = queryOptions({ queryKey: ['credits', 'config'], queryFn: getCreditsConfig, staleTime: Infinity });

export function useCreditsConfig() {
  return useQuery(creditsConfigQuery);
}

export function createCardCheckout(body: TopUpBody) {
  return api('POST /credits/create-checkout', { body, fallbackMessage: 'Erro ao gerar sessão de pagamento' });
}

export function createPixCheckout(body: TopUpBody) {
  return api('POST /credits/create-mercadopago-checkout', { body, fallbackMessage: 'Erro ao criar checkout PIX' });
}

export function addTestCredits(body: TopUpBody) {
  return api('POST /credits/add', { body, fallbackMessage: 'Erro ao adicionar créditos' });
}

export function verifyPayment(sessionId: string) {
  return api('GET /credits/verify-payment', { query: { session_id: sessionId }, fallbackMessage: 'Erro ao verificar pagamento' });
}

/** After any change of the balance: the header (session user) and every cached copy of the user. */
export function useRefreshBalance() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: meKey });
    await refreshSessionUser().catch(() => undefined);
  };
}

export function useAddTestCredits() {
  const refreshBalance = useRefreshBalance();
  return useMutation({ mutationFn: addTestCredits, onSuccess: () => refreshBalance() });
}

export function useStartTopUp() {
  return useMutation({
    mutationFn: ({ method, amount }: { method: 'pix' | 'card'; amount: number }): Promise<CheckoutReply> =>
      method === 'pix' ? createPixCheckout({ amount }) : createCardCheckout({ amount }),
  });
}

/** Payments that are still pending (a PIX being cleared) are asked again a few times. */
const PENDING_POLL_MS = 3000;
const PENDING_POLLS = 20;

export function usePaymentVerification(sessionId: string | null) {
  return useQuery({
    queryKey: ['credits', 'verify-payment', sessionId],
    queryFn: () => verifyPayment(sessionId!),
    enabled: sessionId !== null,
    retry: false,
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_POLLS ? PENDING_POLL_MS : false,
  });
}
