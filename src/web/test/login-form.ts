import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { findPageHeading, renderApp } from './render-app';

/** Fills the login page's form and submits it. */
export async function submitLogin(user: UserEvent, email: string, password = 'segredo1'): Promise<void> {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

/** Opens /login as a visitor and waits for its heading. */
export async function openLoginPage(): Promise<void> {
  renderApp('/login');
  await findPageHeading('Entrar no Bora Jogar');
}
