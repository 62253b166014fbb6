import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

export function BackLink() {
  return (
    <Link
      to="/my-games"
      className="mb-2 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Meus jogos
    </Link>
  );
}

/** Someone else's game, or a wrong address: the organiser routes answer 404 for both. */
export function UserGameNotFound() {
  return (
    <EmptyState
      title={messages.userGameNotFound}
      description="Ele pode ter sido criado por outra pessoa ou o endereço está errado."
      action={
        <Link to="/my-games" className={buttonClasses('primary')}>
          Voltar aos meus jogos
        </Link>
      }
    />
  );
}
