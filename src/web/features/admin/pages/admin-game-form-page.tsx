import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function AdminGameFormPage() {
  const { gameId } = useParams();
  return gameId ? (
    <PlaceholderPage title="Editar jogo" description="O formulário do jogo, com jogadores inscritos e lista de espera, aparece aqui." />
  ) : (
    <PlaceholderPage title="Criar jogo" description="O formulário para criar um jogo aparece aqui." />
  );
}
