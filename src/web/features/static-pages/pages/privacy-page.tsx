import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function PrivacyPage() {
  return (
    <PlaceholderPage
      title="Política de privacidade"
      description="A política de privacidade e de cookies do Bora Jogar aparece aqui em breve."
    />
  );
}
