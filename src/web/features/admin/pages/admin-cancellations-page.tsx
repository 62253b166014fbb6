import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function AdminCancellationsPage() {
  return (
    <PlaceholderPage
      title="Gestão de Cancelamentos"
      description="Os pedidos de cancelamento e reembolso aparecem aqui."
    />
  );
}
