import { type FormEvent, useState } from 'react';
import { messages } from '../../../../shared/messages';
import { IBGE_CITY_CODE, IBGE_STATE_CODES, isCityCodeOfState } from '../../../../shared/rules/ibge';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useStates } from '../../../lib/queries/reference-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddCity, useStateCities } from '../api';

type FieldErrors = { name?: string; ibgeCode?: string };

/** The checks the server makes, in its words: a name, and 7 digits starting with the state's IBGE code. */
function checkCity(name: string, ibgeCode: string, uf: string): FieldErrors {
  const errors: FieldErrors = {};
  if (name.trim().length < 2) errors.name = messages.admin.cityNameRequired;
  if (!IBGE_CITY_CODE.test(ibgeCode.trim())) errors.ibgeCode = messages.admin.ibgeCodeInvalid;
  else if (!isCityCodeOfState(ibgeCode.trim(), uf)) errors.ibgeCode = messages.admin.ibgeCodeOfOtherState(uf, IBGE_STATE_CODES[uf] ?? '??');
  return errors;
}

/** /admin/cities: a state's reference cities with their IBGE codes, and a new one. */
export function AdminCitiesPage() {
  useDocumentTitle('Cidades');
  const states = useStates();
  const [chosen, setChosen] = useState('');
  const state = states.data?.find((item) => String(item.id) === chosen) ?? states.data?.[0];
  const cities = useStateCities(state?.id ?? null);
  const add = useAddCity();
  const toast = useToast();
  const [name, setName] = useState('');
  const [ibgeCode, setIbgeCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!state || add.isPending) return;
    const found = checkCity(name, ibgeCode, state.uf);
    setErrors(found);
    setFailure(null);
    if (found.name || found.ibgeCode) return;
    add.mutate(
      { stateId: state.id, name: name.trim(), ibgeCode: ibgeCode.trim() },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          setName('');
          setIbgeCode('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          setFailure(errorMessage(error, 'Erro ao adicionar cidade'));
        },
      },
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageHeader title="Cidades" description="As cidades que organizadores e jogadores escolhem, com o código IBGE de cada uma." />
      {states.isError ? (
        <QueryError title="Erro ao carregar estados" query={states} />
      ) : (
        <Select
          label="Estado"
          value={state ? String(state.id) : ''}
          onChange={(event) => setChosen(event.target.value)}
          options={(states.data ?? []).map((item) => ({ value: String(item.id), label: `${item.name} (${item.uf})` }))}
        />
      )}

      {state && (
        <Card>
          <form noValidate onSubmit={submit} className="space-y-4" aria-label="Adicionar cidade">
            <h2 className="text-lg font-bold">Adicionar cidade a {state.name}</h2>
            {failure && <Alert tone="error">{failure}</Alert>}
            <Input label="Nome" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} required />
            <Input
              label="Código IBGE"
              inputMode="numeric"
              maxLength={7}
              value={ibgeCode}
              onChange={(event) => setIbgeCode(event.target.value)}
              hint={`7 dígitos, começando com ${IBGE_STATE_CODES[state.uf] ?? '??'} (${state.uf}).`}
              error={errors.ibgeCode}
              required
            />
            <Button type="submit" busy={add.isPending} busyLabel="Adicionando...">
              Adicionar cidade
            </Button>
          </form>
        </Card>
      )}

      <section aria-labelledby="cidades-do-estado" className="space-y-3">
        <h2 id="cidades-do-estado" className="text-lg font-bold">
          Cidades {state ? `de ${state.uf}` : ''}
        </h2>
        {cities.isPending ? (
          <Skeleton className="h-40 rounded-2xl" />
        ) : cities.isError ? (
          <QueryError title="Erro ao carregar cidades" query={cities} />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {cities.data.map((city) => (
              <li key={city.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <span className="font-semibold">{city.name}</span>
                <span className="text-sm tabular-nums text-slate-600 dark:text-slate-400">
                  {city.ibgeCode ?? 'sem código'}
                  {!city.active && ' · inativa'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
