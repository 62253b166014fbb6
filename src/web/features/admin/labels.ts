import type { BadgeTone } from '../../components/ui/badge';
import type { Cancellation, CancellationStatus, CreditTransactionView, ProviderPaymentView } from '../../../shared/schemas/admin';

/** The pt-BR words the admin screens show for the API's codes. */
export const transactionTypeLabels: Record<CreditTransactionView['type'], string> = {
  add_manual: 'Crédito manual',
  add_stripe: 'Cartão',
  add_pix: 'PIX',
  spend_game: 'Inscrição em jogo',
  refund: 'Reembolso',
  forfeit: 'Saldo cancelado (conta excluída)',
};

const transactionStatusLabels: Record<string, string> = {
  paid: 'Pago',
  pending: 'Pendente',
  failed: 'Falhou',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
};

export const transactionStatusLabel = (status: string) => transactionStatusLabels[status] ?? status;

const sourceLabels: Record<string, string> = {
  admin: 'Administrador',
  credit: 'Créditos',
  credits: 'Créditos',
  card: 'Cartão',
  stripe: 'Cartão',
  pix: 'PIX',
  mercadopago: 'PIX',
  sandbox: 'Teste',
  game: 'Jogo',
  refund: 'Reembolso',
};

export const sourceLabel = (source: string) => sourceLabels[source] ?? source;

export const paymentMethodLabels: Record<ProviderPaymentView['method'], string> = { card: 'Cartão', pix: 'PIX' };

export const providerLabels: Record<ProviderPaymentView['provider'], string> = {
  stripe: 'Stripe',
  mercadopago: 'Mercado Pago',
  sandbox: 'Ambiente de teste',
};

export const providerPaymentStatus: Record<ProviderPaymentView['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  paid: { label: 'Pago', tone: 'success' },
  expired: { label: 'Expirado', tone: 'neutral' },
  failed: { label: 'Falhou', tone: 'danger' },
  refunded: { label: 'Reembolsado', tone: 'info' },
};

export const cancellationMethodLabels: Record<Cancellation['paymentMethod'], string> = {
  card: 'Cartão',
  pix: 'PIX',
  credit: 'Créditos',
  external: 'Por fora',
};

export const cancellationStatus: Record<CancellationStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  processed: { label: 'Processado', tone: 'success' },
  rejected: { label: 'Rejeitado', tone: 'danger' },
};
