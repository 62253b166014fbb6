import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Where the organiser's payouts go (decision 045): the saved PIX key, masked, and whether the caller organises. */
export const payoutKeyKey = ['payout-key'] as const;

export function usePayoutKey() {
  return useQuery({
    queryKey: payoutKeyKey,
    queryFn: ({ signal }) => api('GET /users/me/payout-key', { signal, fallbackMessage: 'Erro ao carregar a chave PIX' }),
  });
}

/**
 * Whether the payout screens (Recebimentos, the PIX key) concern the caller: they organise games, have earnings or
 * saved a key. False until known, so a player never sees them flash by.
 */
export function useIsOrganiser(): boolean {
  return usePayoutKey().data?.isOrganiser === true;
}
