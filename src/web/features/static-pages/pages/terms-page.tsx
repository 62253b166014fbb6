import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function TermsPage() {
  return (
    <PlaceholderPage
      title="Termos de uso"
      description="Os termos de uso, com as regras de reembolso e a idade mínima para jogar, aparecem aqui em breve."
    />
  );
}
