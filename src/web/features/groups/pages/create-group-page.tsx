import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCities, useStates } from '../../../lib/queries/reference-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateGroup } from '../api';

type Choice<T extends string> = { value: T; label: string; hint: string };

const visibilityChoices: Choice<'public' | 'private'>[] = [
  { value: 'public', label: 'Pública', hint: 'Aparece na busca de turmas; qualquer pessoa vê a página.' },
  { value: 'private', label: 'Privada', hint: 'Só os membros veem; entra-se pelo link de convite.' },
];
const joinChoices: Choice<'open' | 'approval'>[] = [
  { value: 'open', label: 'Entrada livre', hint: 'Quem abrir a página entra na hora.' },
  { value: 'approval', label: 'Com aprovação', hint: 'Um organizador aceita cada pedido (o link de convite entra direto).' },
];

function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
        >
          <input
            type="radio"
            name={name}
            className="mt-1 size-5"
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            <span className="block font-semibold">{choice.label}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** "Criar turma": name, city, description, who sees it and how people join; the page opens once created. */
export function CreateGroupPage() {
  useDocumentTitle('Criar turma');
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateGroup();
  const states = useStates();
  const [stateId, setStateId] = useState('');
  const cities = useCities(stateId ? Number(stateId) : undefined);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [cityId, setCityId] = useState('');
  const [visibility, setVisibility] = useState<'public' | 'private'>('public');
  const [joinPolicy, setJoinPolicy] = useState<'open' | 'approval'>('open');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = messages.groups.nameRequired;
    if (!cityId) found.cityId = messages.groups.cityRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const reply = await create.mutateAsync({ name, description, cityId: Number(cityId), visibility, joinPolicy });
      toast.show(reply.message, 'success');
      await navigate(`/t/${reply.group.slug}`);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.show(errorMessage(error, 'Erro ao criar a turma'), 'error');
    }
  }

  return (
    <div className="mx-auto w-full max-w-2xl">
      <Link
        to="/turmas"
        className="mb-3 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        ← Minhas turmas
      </Link>
      <PageHeader title="Criar turma" description="Você será o dono: os jogos da turma são pagos a você." />
      <Card>
        <form className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
          <Input label="Nome da turma" value={name} maxLength={80} error={errors.name} onChange={(event) => setName(event.target.value)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label="Estado"
              placeholder={states.isPending ? 'Carregando...' : 'Selecione o estado'}
              options={(states.data ?? []).map((state) => ({ value: String(state.id), label: `${state.name} (${state.uf})` }))}
              value={stateId}
              onChange={(event) => {
                setStateId(event.target.value);
                setCityId('');
              }}
            />
            <Select
              label="Cidade"
              placeholder={cities.isFetching ? 'Carregando cidades...' : 'Selecione a cidade'}
              options={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
              disabled={!stateId}
              hint={stateId ? undefined : 'Selecione um estado primeiro'}
              value={cityId}
              error={errors.cityId}
              onChange={(event) => setCityId(event.target.value)}
            />
          </div>
          <Field label="Descrição (opcional)" error={errors.description} hint="Onde e quando jogam, o nível, as regras da turma.">
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={2000}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            )}
          </Field>
          <ChoiceGroup legend="Quem vê a turma" name="visibility" choices={visibilityChoices} value={visibility} onChange={setVisibility} />
          <ChoiceGroup legend="Como se entra" name="joinPolicy" choices={joinChoices} value={joinPolicy} onChange={setJoinPolicy} />
          <Button type="submit" size="lg" fullWidth busy={create.isPending} busyLabel="Criando...">
            Criar turma
          </Button>
        </form>
      </Card>
    </div>
  );
}
