import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function PublicGamesPage() {
  return (
    <PlaceholderPage
      title="Jogos abertos"
      description="Aqui você vai encontrar os jogos públicos, com filtros por esporte, cidade e data. Entre para garantir sua vaga."
    />
  );
}
