import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateGroup } from '../api';
import { GroupSettingsForm } from '../components/group-settings-form';

const blank = { name: '', description: '', visibility: 'public', joinPolicy: 'open' } as const;

/** "Criar turma": name, address, city, description, who sees it and how people join; the page opens once created. */
export function CreateGroupPage() {
  useDocumentTitle('Criar turma');
  const create = useCreateGroup();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Link
        to="/turmas"
        className="mb-3 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        ← Minhas turmas
      </Link>
      <PageHeader title="Criar turma" description="Você será o dono: os jogos da turma são pagos a você." />
      <GroupSettingsForm
        start={blank}
        withSlug
        submitLabel="Criar turma"
        busyLabel="Criando..."
        errorFallback="Erro ao criar a turma"
        save={(settings) => create.mutateAsync(settings)}
      />
    </div>
  );
}
