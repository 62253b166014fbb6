import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { forgotBodySchema } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatCountdown } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRequestPasswordReset } from '../api';
import { applyFieldErrors } from '../apply-field-errors';
import { AuthCard, BackToLogin } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EmailInput } from '../components/email-input';
import { useAuthForm } from '../use-auth-form';

/** Code lifetime when the server does not say (spec: players §9). */
const DEFAULT_EXPIRES_IN = 15 * 60;

export function ForgotPage() {
  useDocumentTitle('Recuperar senha');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const forgot = useRequestPasswordReset();
  const countdown = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, handleSubmit, setError } = useAuthForm(forgotBodySchema, { email: searchParams.get('email') ?? '' });

  function send(email: string) {
    forgot.mutate(
      { email },
      {
        onSuccess: (reply) => {
          setSentTo(email);
          countdown.start(reply.expiresIn ?? DEFAULT_EXPIRES_IN);
        },
        onError: (error) => applyFieldErrors(error, ['email'], setError),
      },
    );
  }

  const onSubmit = handleSubmit((values) => send(values.email));
  const error = forgot.isError ? errorMessage(forgot.error, 'Erro ao solicitar recuperação de senha') : null;

  if (sentTo) {
    return (
      <AuthCard title="Verifique seu e-mail" footer={<BackToLogin />}>
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="space-y-1 text-sm">
            <p className="font-semibold">Código enviado!</p>
            <p>
              Se <strong className="break-all">{sentTo}</strong> estiver cadastrado, você vai receber um código de 6 dígitos.
            </p>
          </div>
        </div>

        <div className="text-center">
          {countdown.secondsLeft > 0 ? (
            <p className="text-slate-700 dark:text-slate-300">
              O código expira em{' '}
              <span className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white" data-testid="countdown">
                {formatCountdown(countdown.secondsLeft)}
              </span>
            </p>
          ) : (
            <p className="font-semibold text-amber-800 dark:text-amber-300">O código expirou. Peça um novo.</p>
          )}
        </div>

        {error && <Alert tone="error">{error}</Alert>}

        <div className="space-y-3">
          <Button fullWidth size="lg" onClick={() => navigate(`/reset-password?email=${encodeURIComponent(sentTo)}`)}>
            Continuar para redefinir senha
          </Button>
          {countdown.secondsLeft === 0 && (
            <Button fullWidth variant="secondary" busy={forgot.isPending} busyLabel="Reenviando..." onClick={() => send(sentTo)}>
              Reenviar código
            </Button>
          )}
        </div>

        <p className="text-sm text-slate-600 dark:text-slate-400">
          Não chegou? Confira a caixa de spam ou lixo eletrônico antes de pedir outro código.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Esqueci a senha"
      description="Informe seu e-mail e enviaremos um código para você criar uma nova senha."
      footer={<BackToLogin />}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <AuthForm onSubmit={onSubmit} submitLabel="Enviar código" busy={forgot.isPending} busyLabel="Enviando...">
        <EmailInput {...field('email')} />
      </AuthForm>
      <p className="text-sm text-slate-600 dark:text-slate-400">Dica: o e-mail pode cair na caixa de spam.</p>
    </AuthCard>
  );
}
