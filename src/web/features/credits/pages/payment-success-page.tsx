import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function PaymentSuccessPage() {
  return (
    <PlaceholderPage
      title="Pagamento"
      description="Aqui confirmamos o seu pagamento."
    />
  );
}
