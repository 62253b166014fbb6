import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function AdminUsersPage() {
  return (
    <PlaceholderPage
      title="Usuários"
      description="A lista de usuários, com busca, aparece aqui."
    />
  );
}
