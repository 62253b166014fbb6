import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function MyGameFormPage() {
  const { id } = useParams();
  return id ? (
    <PlaceholderPage title="Editar jogo" description="O formulário para editar este jogo chega em breve." />
  ) : (
    <PlaceholderPage title="Criar jogo" description="O formulário para criar um jogo seu chega em breve." />
  );
}
