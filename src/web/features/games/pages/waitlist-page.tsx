import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function WaitlistPage() {
  return (
    <PlaceholderPage
      title="Adicionado à lista de espera"
      description="Avisamos você assim que abrir uma vaga neste jogo."
    />
  );
}
