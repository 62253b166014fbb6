import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { messages } from '../../../../shared/messages';
import { registerBodySchema, type RegisterBody } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRegister } from '../api';
import { applyFieldErrors } from '../apply-field-errors';
import { AuthCard, textLinkClasses } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { EmailInput } from '../components/email-input';

export function RegisterPage() {
  useDocumentTitle('Criar conta');
  const location = useLocation();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    control,
    formState: { errors },
  } = useForm<RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', email: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  // A correction makes the last answer stale: its banner goes with the field's message.
  function edited(field: keyof RegisterBody) {
    clearErrors(field);
    registerMutation.reset();
  }

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
      {registerMutation.isError && <Alert tone="error">{errorMessage(registerMutation.error, 'Erro no cadastro')}</Alert>}

      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Input label="Nome" autoComplete="name" error={errors.name?.message} {...register('name', { onChange: () => edited('name') })} />
        <EmailInput error={errors.email?.message}
          {...register('email', { onChange: () => edited('email') })}
        />
        <Input
          label="Senha"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={password.length >= 6 ? messages.passwordValid : 'Use pelo menos 6 caracteres.'}
          {...register('password', { onChange: () => edited('password') })}
        />
        <Button type="submit" fullWidth size="lg" busy={registerMutation.isPending} busyLabel="Registrando...">
          Registrar
        </Button>
      </form>

      <GoogleButton />
    </AuthCard>
  );
}
