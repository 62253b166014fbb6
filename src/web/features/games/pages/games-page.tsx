import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function GamesPage() {
  return (
    <PlaceholderPage
      title="Jogos"
      description="A lista de jogos disponíveis, com filtros, chega em breve."
    />
  );
}
