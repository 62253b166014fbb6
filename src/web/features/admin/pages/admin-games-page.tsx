import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function AdminGamesPage() {
  return (
    <PlaceholderPage
      title="Jogos"
      description="A lista de todos os jogos, com filtros, duplicação e exclusão, aparece aqui."
    />
  );
}
