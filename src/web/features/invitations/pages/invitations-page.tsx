import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function InvitationsPage() {
  return (
    <PlaceholderPage
      title="Convites"
      description="Os jogos privados para os quais você foi convidado aparecem aqui."
    />
  );
}
