import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function AddCreditPage() {
  return (
    <PlaceholderPage
      title="Adicionar créditos"
      description="Aqui você vai colocar créditos na sua conta por PIX ou cartão. R$ 1 = 1 crédito, sem taxas."
    />
  );
}
