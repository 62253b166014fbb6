import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function AdminUserDetailPage() {
  return (
    <PlaceholderPage
      title="Usuário"
      description="Dados, saldo e histórico de transações do usuário aparecem aqui."
    />
  );
}
