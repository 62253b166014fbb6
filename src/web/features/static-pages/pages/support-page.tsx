import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function SupportPage() {
  return (
    <PlaceholderPage
      title="Suporte"
      description="Em breve: contato, horários de atendimento e respostas para as dúvidas mais comuns."
    />
  );
}
