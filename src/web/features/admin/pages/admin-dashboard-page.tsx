import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function AdminDashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Os números do Bora Jogar e os jogos mais recentes aparecem aqui."
    />
  );
}
