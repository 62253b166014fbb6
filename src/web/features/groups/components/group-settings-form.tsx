import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages';
import type { GroupReply, UpdateGroupInput } from '../../../../shared/schemas/groups';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCities, useStates } from '../../../lib/queries/reference-data';

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

/** What the form starts with: a new turma's blanks, or a turma's settings (its state found from its city's UF). */
export type GroupSettingsStart = {
  name: string;
  description: string;
  uf?: string;
  cityId?: number;
  visibility: 'public' | 'private';
  joinPolicy: 'open' | 'approval';
};

/**
 * A turma's settings, as its creation and its edit ask them: name, (at creation) the page's address, state and city,
 * description, who sees it and how people join. `save` sends them; the reply's message shows and the turma's page
 * opens, a refusal's fields show under each field.
 */
export function GroupSettingsForm({
  start,
  withSlug,
  submitLabel,
  busyLabel,
  errorFallback,
  save,
}: {
  start: GroupSettingsStart;
  withSlug: boolean;
  submitLabel: string;
  busyLabel: string;
  errorFallback: string;
  save: (settings: UpdateGroupInput & { slug?: string }) => Promise<GroupReply>;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const states = useStates();
  const [chosenStateId, setStateId] = useState<string>();
  const startStateId = states.data?.find((state) => state.uf === start.uf)?.id;
  const stateId = chosenStateId ?? (startStateId ? String(startStateId) : '');
  const cities = useCities(stateId ? Number(stateId) : undefined);
  const [name, setName] = useState(start.name);
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState(start.description);
  const [cityId, setCityId] = useState(start.cityId ? String(start.cityId) : '');
  const [visibility, setVisibility] = useState(start.visibility);
  const [joinPolicy, setJoinPolicy] = useState(start.joinPolicy);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = messages.groups.nameRequired;
    if (!cityId) found.cityId = messages.groups.cityRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await save({
        name,
        description,
        cityId: Number(cityId),
        visibility,
        joinPolicy,
        ...(withSlug && slug.trim() ? { slug: slug.trim() } : {}),
      });
      toast.show(reply.message, 'success');
      await navigate(`/t/${reply.group.slug}`);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.show(errorMessage(error, errorFallback), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <form className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
        <Input label="Nome da turma" value={name} maxLength={80} error={errors.name} onChange={(event) => setName(event.target.value)} />
        {withSlug && (
          <Input
            label="Endereço da página (opcional)"
            value={slug}
            maxLength={60}
            autoCapitalize="none"
            spellCheck={false}
            error={errors.slug}
            hint={`A página fica em /t/${slug.trim() || 'nome-da-turma'}: letras minúsculas, números e hífens. Sem ele, o endereço vem do nome.`}
            onChange={(event) => setSlug(event.target.value)}
          />
        )}
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
            <textarea {...control} rows={4} maxLength={2000} value={description} onChange={(event) => setDescription(event.target.value)} />
          )}
        </Field>
        <ChoiceGroup legend="Quem vê a turma" name="visibility" choices={visibilityChoices} value={visibility} onChange={setVisibility} />
        <ChoiceGroup legend="Como se entra" name="joinPolicy" choices={joinChoices} value={joinPolicy} onChange={setJoinPolicy} />
        <Button type="submit" size="lg" fullWidth busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
      </form>
    </Card>
  );
}
