import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** A player with no game registered yet: why the list is empty, and the way to the games. */
export function NoGamesYet({ description }: { description: string }) {
  return (
    <EmptyState
      title="Nenhum jogo inscrito"
      description={description}
      action={
        <Link to="/games" className={buttonClasses('primary')}>
          Ver jogos
        </Link>
      }
    />
  );
}
