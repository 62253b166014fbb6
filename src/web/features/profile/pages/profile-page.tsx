import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function ProfilePage() {
  return (
    <PlaceholderPage
      title="Meu Perfil"
      description="Seus dados, seu saldo e seus jogos aparecem aqui."
    />
  );
}
