import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function ConfirmationPage() {
  return (
    <PlaceholderPage
      title="Inscrição realizada com sucesso!"
      description="O resumo do jogo em que você se inscreveu aparece aqui."
    />
  );
}
