import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function HomePage() {
  useDocumentTitle('Meus Jogos');
  const { user } = useSession();
  const firstName = user?.name.split(' ')[0] ?? '';
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={`Olá, ${firstName}!`} description="Seus próximos jogos, a lista de espera e os convites aparecem aqui." />
      <section aria-labelledby="next-games" className="space-y-4">
        <h2 id="next-games" className="text-xl font-bold">
          Meus Próximos Jogos
        </h2>
        <EmptyState
          title="Nenhum jogo inscrito"
          description="Escolha um jogo e garanta sua vaga."
          action={
            <Link to="/games" className={buttonClasses('primary')}>
              Ver jogos
            </Link>
          }
        />
      </section>
    </div>
  );
}
