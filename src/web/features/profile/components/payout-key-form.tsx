import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import { normalisePixKey, type PixKeyType } from '../../../../shared/rules/pix-key';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageSection } from '../../../components/ui/page-section';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { usePayoutKey } from '../../../lib/queries/payout-key';
import { useSavePayoutKey } from '../api';

const typeOptions: { value: PixKeyType; label: string }[] = [
  { value: 'cpf', label: 'CPF' },
  { value: 'cnpj', label: 'CNPJ' },
  { value: 'email', label: 'E-mail' },
  { value: 'phone', label: 'Celular' },
  { value: 'random', label: 'Chave aleatória' },
];

const placeholders: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'voce@exemplo.com.br',
  phone: '(48) 99123-4567',
  random: '123e4567-e89b-12d3-a456-426614174000',
};

const typeLabel = (type: PixKeyType) => typeOptions.find((option) => option.value === type)!.label;

/**
 * "Recebimentos" on the profile, for those who organise: the PIX key where an organiser's payouts go. Once saved it is shown masked; a change
 * is checked here as the server checks it (CPF/CNPJ check digits, a mobile with its area code, UUID) and the owner is e-mailed.
 */
export function PayoutKeyForm() {
  const toast = useToast();
  const saved = usePayoutKey();
  const save = useSavePayoutKey();
  const [isEditing, setIsEditing] = useState(false);
  const [type, setType] = useState<PixKeyType>('cpf');
  const [key, setKey] = useState('');
  const [holderName, setHolderName] = useState('');
  const [errors, setErrors] = useState<{ key?: string; holderName?: string }>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const found: typeof errors = {};
    if (normalisePixKey(type, key) === undefined) found.key = messages.earnings.keyInvalid[type];
    if (holderName.trim().length < 2) found.holderName = messages.earnings.holderNameRequired;
    setErrors(found);
    if (found.key || found.holderName) return;
    save.mutate(
      { type, key, holderName: holderName.trim() },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          setIsEditing(false);
          setKey('');
        },
        onError: (error) => {
          if (hasErrorCode(error, 'validation_failed')) setErrors({ key: error.fields?.key, holderName: error.fields?.holderName });
        },
      },
    );
  }

  const current = saved.data?.payoutKey ?? null;
  // A player who organises nothing has no payouts: the section is not theirs (nor shown while that is not known).
  if (!saved.isError && saved.data?.isOrganiser !== true) return null;
  return (
    <PageSection
      id="profile-payout-key"
      title="Recebimentos"
      icon={<Landmark className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />}
    >
      <Card className="space-y-4">
        <p className="text-slate-700 dark:text-slate-300">
          É para esta chave PIX que enviamos os repasses dos seus jogos pagos pela plataforma.
        </p>
        {saved.isError ? (
          <QueryError title="Erro ao carregar a chave PIX" query={saved} />
        ) : current && !isEditing ? (
          <div className="space-y-3">
            <dl className="grid gap-1">
              <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">Chave PIX ({typeLabel(current.type)})</dt>
              <dd className="font-mono text-lg" data-testid="payout-key-masked">
                {current.maskedKey}
              </dd>
              <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">Titular</dt>
              <dd>{current.holderName}</dd>
            </dl>
            <Button variant="secondary" onClick={() => setIsEditing(true)}>
              Trocar chave PIX
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            <Select
              label="Tipo de chave"
              value={type}
              options={typeOptions}
              onChange={(event) => {
                setType(event.target.value as PixKeyType);
                setErrors({});
              }}
            />
            <Input
              label="Chave PIX"
              value={key}
              placeholder={placeholders[type]}
              autoComplete="off"
              inputMode={type === 'cpf' || type === 'cnpj' ? 'numeric' : type === 'phone' ? 'tel' : type === 'email' ? 'email' : 'text'}
              error={errors.key}
              onChange={(event) => {
                setKey(event.target.value);
                setErrors((before) => ({ ...before, key: undefined }));
              }}
            />
            <Input
              label="Nome do titular"
              value={holderName}
              autoComplete="name"
              error={errors.holderName}
              className="sm:col-span-2"
              onChange={(event) => {
                setHolderName(event.target.value);
                setErrors((before) => ({ ...before, holderName: undefined }));
              }}
            />
            {save.isError && !hasErrorCode(save.error, 'validation_failed') && (
              <Alert tone="error" className="sm:col-span-2">
                {errorMessage(save.error, 'Erro ao salvar a chave PIX')}
              </Alert>
            )}
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Salvando...' : 'Salvar chave PIX'}
              </Button>
              {current && (
                <Button variant="secondary" onClick={() => setIsEditing(false)}>
                  Cancelar
                </Button>
              )}
            </div>
          </form>
        )}
      </Card>
    </PageSection>
  );
}
