import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginBodySchema } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { withNext } from '../../../lib/next-path';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogin } from '../api';
import { applyFieldErrors } from '../apply-field-errors';
import { AuthCard, textLinkClasses } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { GoogleButton } from '../components/google-button';
import { EmailInput } from '../components/email-input';
import { useAuthForm } from '../use-auth-form';

function stateMessage(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string') return state.message;
  return null;
}

export function LoginPage() {
  useDocumentTitle('Entrar');
  const location = useLocation();
  const navigate = useNavigate();
  // Kept after the history state is cleared, so a reload does not show it again.
  const [flash] = useState(() => stateMessage(location.state));
  const loginMutation = useLogin();
  const { field, handleSubmit, setError } = useAuthForm(loginBodySchema, { email: '', password: '' });
  // Standing in for a signed-in page a visitor opened (app/routes.tsx): a new account comes back to it too.
  const isInPlace = location.pathname !== '/login';
  const register = isInPlace
    ? withNext('/register', `${location.pathname}${location.search}`)
    : { pathname: '/register', search: location.search };

  useEffect(() => {
    if (stateMessage(location.state)) {
      navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
    }
  }, [location, navigate]);

  const onSubmit = handleSubmit((values) =>
    loginMutation.mutate(values, { onError: (error) => applyFieldErrors(error, ['email', 'password'], setError) }),
  );

  return (
    <AuthCard
      title="Entrar no Bora Jogar"
      description={isInPlace ? 'Entre na sua conta para ver esta página.' : 'Que bom te ver de novo! Entre para ver seus jogos.'}
      footer={
        <p>
          Ainda não tem conta?{' '}
          <Link to={register} className={textLinkClasses}>
            Criar conta
          </Link>
        </p>
      }
    >
      {flash && <Alert tone="success">{flash}</Alert>}
      {loginMutation.isError && <Alert tone="error">{errorMessage(loginMutation.error, 'Erro ao fazer login')}</Alert>}

      <AuthForm onSubmit={onSubmit} submitLabel="Entrar" busy={loginMutation.isPending} busyLabel="Entrando...">
        <EmailInput {...field('email')} />
        <Input label="Senha" type="password" autoComplete="current-password" {...field('password')} />
        <div className="flex justify-end">
          <Link to="/forgot" className={textLinkClasses}>
            Esqueci a senha
          </Link>
        </div>
      </AuthForm>

      <GoogleButton />
    </AuthCard>
  );
}
