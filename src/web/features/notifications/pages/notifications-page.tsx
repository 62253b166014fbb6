import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function NotificationsPage() {
  return (
    <PlaceholderPage
      title="Notificações"
      description="Seus avisos sobre jogos, vagas e pagamentos aparecem aqui."
    />
  );
}
