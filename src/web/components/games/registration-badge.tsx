import type { RegistrationStatus } from '../../../shared/schemas/games';
import { Badge, type BadgeTone } from '../ui/badge';

/** A player who left the line had no registration to cancel: `left_waitlist` says so. */
export type RegistrationView = RegistrationStatus | 'left_waitlist' | 'in_progress' | 'finished';

const views: Record<RegistrationView, { label: string; tone: BadgeTone }> = {
  confirmed: { label: 'Inscrição confirmada', tone: 'success' },
  pending: { label: 'Aguardando pagamento', tone: 'warning' },
  waitlist: { label: 'Lista de espera', tone: 'warning' },
  cancelled: { label: 'Cancelada', tone: 'danger' },
  left_waitlist: { label: 'Saiu da lista de espera', tone: 'neutral' },
  in_progress: { label: 'Em andamento', tone: 'info' },
  finished: { label: 'Finalizado', tone: 'neutral' },
};

/** The status colours of the guide: green confirmed, amber pending/waitlist, red cancelled, grey finished. */
export function RegistrationBadge({ status }: { status: RegistrationView | string | null | undefined }) {
  const view = status ? views[status as RegistrationView] : undefined;
  // Spec: any other registration type reads "Inscrito".
  return <Badge tone={view?.tone ?? 'info'}>{view?.label ?? 'Inscrito'}</Badge>;
}
