import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import { resetPasswordBodySchema } from '../../../../shared/schemas/auth';
import { z } from '../../../../shared/schemas/z';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isExpiredCodeError, useResetPassword } from '../api';
import { AuthCard, BackToLogin } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { CODE_LENGTH, CodeInput } from '../components/code-input';
import { newPasswordHint, PasswordStrengthMeter } from '../components/password-strength-meter';
import { EmailInput } from '../components/email-input';
import { useAuthForm } from '../use-auth-form';

/** Wait before going to the login page after a successful reset (spec: players §9). */
export const RESET_REDIRECT_DELAY_MS = 2000;

const resetFormSchema = resetPasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, messages.confirmPasswordRequired) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDontMatch,
  });

function toDigits(code: string): string[] {
  return Array.from({ length: CODE_LENGTH }, (_, index) => {
    const char = code[index];
    return char && char !== ' ' ? char : '';
  });
}

export function ResetPasswordPage() {
  useDocumentTitle('Redefinir senha');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useResetPassword();
  const [isDone, setIsDone] = useState(false);
  const [isCodeExpired, setIsCodeExpired] = useState(false);
  const {
    field,
    control,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useAuthForm(resetFormSchema, { email: searchParams.get('email') ?? '', code: '', newPassword: '', confirmPassword: '' });
  const [email, code, newPassword, confirmPassword] = useWatch({ control, name: ['email', 'code', 'newPassword', 'confirmPassword'] });
  const isComplete = email.trim() !== '' && /^\d{6}$/.test(code) && newPassword !== '' && confirmPassword !== '';

  useEffect(() => {
    if (!isDone) return;
    const timer = window.setTimeout(
      () => navigate('/login', { replace: true, state: { message: messages.resetDoneLogin } }),
      RESET_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [isDone, navigate]);

  const onSubmit = handleSubmit(({ email: address, code: typedCode, newPassword: password }) => {
    reset.mutate(
      { email: address, code: typedCode, newPassword: password },
      {
        onSuccess: () => {
          // An earlier wrong code's red message is no longer true.
          toast.dismissErrors();
          setIsCodeExpired(false);
          setIsDone(true);
        },
        onError: (error) => {
          const message = errorMessage(error, 'Erro ao redefinir senha');
          if (isExpiredCodeError(error)) setIsCodeExpired(true);
          toast.show(message, 'error');
        },
      },
    );
  });

  const emailQuery = email.trim() ? `?email=${encodeURIComponent(email.trim())}` : '';

  if (isDone) {
    return (
      <AuthCard title="Redefinir senha">
        <Alert tone="success" title={messages.resetDone}>
          Levando você para o login...
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Redefinir senha"
      description="Digite o código de 6 dígitos que enviamos para o seu e-mail e escolha uma nova senha."
      footer={<BackToLogin />}
    >
      {isCodeExpired && (
        <Alert tone="warning" title="Código expirado ou inválido">
          <p>Os códigos de verificação expiram em 15 minutos. Peça um novo código ou confira o e-mail informado.</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Link to={`/forgot${emailQuery}`} className={buttonClasses('primary')}>
              Solicitar novo código
            </Link>
            <Link to="/forgot" className={buttonClasses('secondary')}>
              Usar outro email
            </Link>
          </div>
        </Alert>
      )}

      <AuthForm onSubmit={onSubmit} submitLabel="Redefinir senha" disabled={!isComplete} busy={reset.isPending} busyLabel="Redefinindo...">
        <EmailInput {...field('email')} />
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <CodeInput
              digits={toDigits(field.value)}
              onChange={(digits) => {
                clearErrors('code');
                // Keep empty boxes as spaces so a gap stays where it is.
                field.onChange(
                  digits
                    .map((d) => d || ' ')
                    .join('')
                    .trimEnd(),
                );
              }}
              error={errors.code?.message}
            />
          )}
        />
        <div>
          <Input
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            hint={newPasswordHint(newPassword)}
            {...field('newPassword')}
          />
          <PasswordStrengthMeter password={newPassword} />
        </div>
        <Input label="Confirmar senha" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </AuthForm>
    </AuthCard>
  );
}
