import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function MyGamesPage() {
  return (
    <PlaceholderPage
      title="Meus Jogos Criados"
      description="Aqui você vai criar e gerenciar os jogos que organiza."
    />
  );
}
