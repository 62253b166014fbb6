import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function GameDetailsPage() {
  return (
    <PlaceholderPage
      title="Detalhes do jogo"
      description="Data, local, preço e vagas do jogo, com as opções de inscrição, aparecem aqui."
    />
  );
}
