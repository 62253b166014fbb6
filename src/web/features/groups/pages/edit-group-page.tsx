import { Link, useParams } from 'react-router';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageLoader } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGroupPage, useUpdateGroup } from '../api';
import { GroupSettingsForm } from '../components/group-settings-form';

/** "Editar turma": the owner and organisers change its settings; the address stays, so the links shared keep working. */
export function EditGroupPage() {
  useDocumentTitle('Editar turma');
  const { slug = '' } = useParams();
  const page = useGroupPage(slug, undefined);
  const update = useUpdateGroup(page.data?.group.id);
  const back = (
    <Link
      to={`/t/${slug}`}
      className="mb-3 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      ← Voltar para a turma
    </Link>
  );
  if (page.isPending) return <FullPageLoader />;
  if (page.isError) {
    return (
      <div className="mx-auto w-full max-w-2xl">
        {back}
        <QueryError title="Erro ao carregar a turma" query={page} />
      </div>
    );
  }
  const { group, myRole } = page.data;
  const runs = myRole === 'owner' || myRole === 'organiser';
  return (
    <div className="mx-auto w-full max-w-2xl">
      {back}
      <PageHeader title="Editar turma" description={`O endereço da página continua /t/${group.slug}.`} />
      {!runs ? (
        <Alert tone="info">Só o dono e os organizadores da turma mudam os dados dela.</Alert>
      ) : group.suspended ? (
        <Alert tone="error">Esta turma foi suspensa pela administração do Bora Jogar.</Alert>
      ) : (
        <GroupSettingsForm
          start={{
            name: group.name,
            description: group.description,
            uf: group.city.uf,
            cityId: group.city.id,
            visibility: group.visibility,
            joinPolicy: group.joinPolicy,
          }}
          withSlug={false}
          submitLabel="Salvar alterações"
          busyLabel="Salvando..."
          errorFallback="Erro ao salvar a turma"
          save={(settings) => update.mutateAsync(settings)}
        />
      )}
    </div>
  );
}
