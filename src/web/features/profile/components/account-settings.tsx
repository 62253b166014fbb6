import { Download, FileText, KeyRound, Trash2, UserRoundPen } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../../shared/messages';
import type { ExportReply } from '../../../../shared/schemas/users';
import { formatPhone, isValidPhone, phoneDigits } from '../../../../shared/rules/phone';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/rules/password-strength';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/form-modal';
import { PageSection } from '../../../components/ui/page-section';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatBRL } from '../../../lib/format';
import type { SessionUser } from '../../../lib/session';
import { saveFile, useChangePassword, useDeleteMe, useExportMyData, useUpdateMe } from '../api';
import { exportSummary, exportSummaryText } from '../export-summary';
import { PhoneInput } from './phone-input';

function SettingsCard({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="space-y-4">
      <h3 id={id} className="flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h3>
      {children}
    </Card>
  );
}

const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fields?.[field] : undefined);

function ProfileForm({ user }: { user: SessionUser }) {
  const toast = useToast();
  const save = useUpdateMe();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ? formatPhone(user.phone) : '');
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    const next = {
      name:
        trimmed === ''
          ? messages.nameRequired
          : trimmed.length < 2
            ? messages.nameTooShort
            : trimmed.length > 100
              ? messages.nameTooLong
              : undefined,
      phone: phone !== '' && !isValidPhone(phone) ? messages.phoneInvalid : undefined,
    };
    setErrors(next);
    if (next.name || next.phone) return;
    save.mutate(
      { name: trimmed, ...(phone === '' ? {} : { phone: phoneDigits(phone) }) },
      { onSuccess: (reply) => toast.show(reply.message, 'success') },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="account-profile">
      {save.isError && !fieldError(save.error, 'name') && !fieldError(save.error, 'phone') && (
        <Alert tone="error">{errorMessage(save.error, 'Erro ao salvar seus dados')}</Alert>
      )}
      <Input
        label="Nome"
        autoComplete="name"
        value={name}
        maxLength={100}
        error={errors.name ?? fieldError(save.error, 'name')}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
      />
      <PhoneInput
        value={phone}
        error={errors.phone ?? fieldError(save.error, 'phone')}
        onChange={(typed) => {
          setPhone(typed);
          setErrors((current) => ({ ...current, phone: undefined }));
        }}
      />
      <Button type="submit" busy={save.isPending} busyLabel="Salvando...">
        Salvar dados
      </Button>
    </form>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const toast = useToast();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});

  if (!hasPassword) return <p className="text-slate-700 dark:text-slate-300">{messages.noPasswordYet}</p>;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = {
      currentPassword: currentPassword === '' ? messages.currentPasswordRequired : undefined,
      newPassword:
        newPassword === ''
          ? messages.newPasswordRequired
          : newPassword.length < MIN_PASSWORD_LENGTH
            ? messages.passwordTooShort
            : undefined,
    };
    setErrors(next);
    if (next.currentPassword || next.newPassword) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (reply) => {
          setCurrentPassword('');
          setNewPassword('');
          toast.show(reply.message, 'success');
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {change.isError && !fieldError(change.error, 'currentPassword') && (
        <Alert tone="error">{errorMessage(change.error, 'Erro ao trocar a senha')}</Alert>
      )}
      <Input
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={errors.currentPassword ?? fieldError(change.error, 'currentPassword')}
        onChange={(event) => {
          setCurrentPassword(event.target.value);
          setErrors((current) => ({ ...current, currentPassword: undefined }));
          change.reset();
        }}
      />
      <Input
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint={`Pelo menos ${MIN_PASSWORD_LENGTH} caracteres. As outras sessões serão encerradas.`}
        value={newPassword}
        error={errors.newPassword ?? fieldError(change.error, 'newPassword')}
        onChange={(event) => {
          setNewPassword(event.target.value);
          setErrors((current) => ({ ...current, newPassword: undefined }));
        }}
      />
      <Button type="submit" busy={change.isPending} busyLabel="Salvando...">
        Trocar senha
      </Button>
    </form>
  );
}

function DeleteAccountDialog({
  open,
  onClose,
  user,
  hasPassword,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  hasPassword: boolean;
}) {
  const remove = useDeleteMe();
  const [confirmation, setConfirmation] = useState('');
  const [forfeitCredits, setForfeitCredits] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const field = hasPassword ? 'password' : 'email';

  function close() {
    setConfirmation('');
    setError(undefined);
    remove.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmation.trim() === '') {
      setError(hasPassword ? messages.deletePasswordRequired : messages.deleteEmailRequired);
      return;
    }
    remove.mutate({ [field]: confirmation, ...(forfeitCredits ? { forfeitCredits: true } : {}) });
  }

  return (
    <FormModal
      open={open}
      onClose={close}
      title="Excluir conta"
      description="Seu nome, e-mail, telefone e o vínculo com o Google são apagados, suas inscrições em jogos futuros são canceladas e você sai de todos os aparelhos. Os jogos e rachas semanais que você organiza e ainda não aconteceram são cancelados, com reembolso integral a quem se inscreveu. Não dá para desfazer."
      onSubmit={onSubmit}
      error={remove.isError && !fieldError(remove.error, field) ? errorMessage(remove.error, 'Erro ao excluir a conta') : undefined}
    >
      <Input
        label={hasPassword ? 'Sua senha' : `Digite seu e-mail (${user.email}) para confirmar`}
        type={hasPassword ? 'password' : 'email'}
        autoComplete={hasPassword ? 'current-password' : 'off'}
        data-autofocus
        value={confirmation}
        error={error ?? fieldError(remove.error, field)}
        onChange={(event) => {
          setConfirmation(event.target.value);
          setError(undefined);
          remove.reset();
        }}
      />
      {user.credits > 0 && (
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-red-700"
            checked={forfeitCredits}
            onChange={(event) => setForfeitCredits(event.target.checked)}
          />
          <span>Abro mão do meu saldo de {formatBRL(user.credits)} em créditos</span>
        </label>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close}>
          Manter conta
        </Button>
        <Button type="submit" variant="danger" busy={remove.isPending} busyLabel="Excluindo...">
          Excluir minha conta
        </Button>
      </div>
    </FormModal>
  );
}

/** Beside the JSON just downloaded (English keys, for another service): what it holds, in words, also as a text file. */
function ExportSummary({ data }: { data: ExportReply }) {
  return (
    <section aria-labelledby="export-summary" className="space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50">
      <h3 id="export-summary" className="font-semibold">
        Resumo do arquivo baixado
      </h3>
      <dl className="space-y-2">
        {exportSummary(data).map(({ label, value }) => (
          <div key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <Button
        variant="secondary"
        onClick={() => saveFile('bora-jogar-resumo-dos-dados.txt', exportSummaryText(data), 'text/plain;charset=utf-8')}
      >
        <FileText className="size-5" aria-hidden="true" />
        Baixar este resumo
      </Button>
    </section>
  );
}

/** The owner's side of the account: their data, password, a copy of everything and the way out. */
export function AccountSettings({ user, hasPassword }: { user: SessionUser; hasPassword: boolean }) {
  const download = useExportMyData();
  const [isDeleting, setIsDeleting] = useState(false);
  const iconClasses = 'size-5 text-brand-700 dark:text-brand-300';
  return (
    <PageSection id="account-settings" title="Minha conta">
      <div className="grid gap-4 md:grid-cols-2">
        <SettingsCard id="account-profile" title="Dados pessoais" icon={<UserRoundPen className={iconClasses} aria-hidden="true" />}>
          <ProfileForm user={user} />
        </SettingsCard>
        <SettingsCard id="account-password" title="Senha" icon={<KeyRound className={iconClasses} aria-hidden="true" />}>
          <PasswordForm hasPassword={hasPassword} />
        </SettingsCard>
      </div>
      <SettingsCard id="account-data" title="Seus dados" icon={<Download className={iconClasses} aria-hidden="true" />}>
        <p className="text-slate-700 dark:text-slate-300">
          Baixe tudo o que guardamos sobre você (perfil, inscrições, créditos, pagamentos, notificações e convites) em um arquivo JSON, que
          outro serviço consegue ler; depois de baixar, um resumo em palavras aparece aqui.
        </p>
        {download.isError && <Alert tone="error">{errorMessage(download.error, 'Erro ao baixar seus dados')}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={download.isPending} busyLabel="Preparando..." onClick={() => download.mutate()}>
            <Download className="size-5" aria-hidden="true" />
            Baixar meus dados
          </Button>
          <Button variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setIsDeleting(true)}>
            <Trash2 className="size-5" aria-hidden="true" />
            Excluir conta
          </Button>
        </div>
        {download.data && <ExportSummary data={download.data} />}
      </SettingsCard>
      <DeleteAccountDialog open={isDeleting} onClose={() => setIsDeleting(false)} user={user} hasPassword={hasPassword} />
    </PageSection>
  );
}
