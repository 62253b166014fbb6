import { useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { registerBodySchema } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRegister } from '../api';
import { applyFieldErrors, isShownOnAField } from '../apply-field-errors';
import { AuthCard, textLinkClasses } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { GoogleButton } from '../components/google-button';
import { EmailInput } from '../components/email-input';
import { newPasswordHint } from '../components/password-strength-meter';
import { useAuthForm } from '../use-auth-form';

export function RegisterPage() {
  useDocumentTitle('Criar conta');
  const location = useLocation();
  const registerMutation = useRegister();
  // A correction makes the last answer stale: its banner goes with the field's message.
  const { field, handleSubmit, setError, control } = useAuthForm(
    registerBodySchema,
    { name: '', email: '', password: '' },
    registerMutation.reset,
  );
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit((values) =>
    registerMutation.mutate(values, { onError: (error) => applyFieldErrors(error, ['name', 'email', 'password'], setError) }),
  );

  return (
    <AuthCard
      title="Criar conta"
      description="Cadastre-se para entrar nos jogos e garantir sua vaga."
      footer={
        <p>
          Já tem conta?{' '}
          <Link to={{ pathname: '/login', search: location.search }} className={textLinkClasses}>
            Entrar
          </Link>
        </p>
      }
    >
      {registerMutation.isError && !isShownOnAField(registerMutation.error) && (
        <Alert tone="error">{errorMessage(registerMutation.error, 'Erro no cadastro')}</Alert>
      )}

      <AuthForm onSubmit={onSubmit} submitLabel="Registrar" busy={registerMutation.isPending} busyLabel="Registrando...">
        <Input label="Nome" autoComplete="name" {...field('name')} />
        <EmailInput {...field('email')} />
        <Input label="Senha" type="password" autoComplete="new-password" hint={newPasswordHint(password)} {...field('password')} />
      </AuthForm>

      <GoogleButton />
    </AuthCard>
  );
}
