import { expect, test } from '@playwright/test';
import { mailCount, readResetCode } from './support/mail';
import { uniqueEmail } from './support/people';

test('a new player registers, saves a phone, recovers the password by e-mail and signs in again', async ({ page }) => {
  const email = uniqueEmail('Ana Souza');

  await page.goto('/register');
  await page.getByLabel('Nome').fill('Ana Souza');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('primeira1');
  await page.getByRole('button', { name: 'Registrar' }).click();

  // A new account has no phone: the modal asks for one before anything else.
  const phoneDialog = page.getByRole('dialog');
  await expect(phoneDialog).toBeVisible();
  await phoneDialog.getByLabel('Telefone').fill('48');
  await phoneDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(phoneDialog.getByText('Informe um telefone válido no formato brasileiro. Ex.: (11) 91234-5678')).toBeVisible();
  await phoneDialog.getByLabel('Telefone').fill('48991234567');
  await expect(phoneDialog.getByLabel('Telefone')).toHaveValue('(48) 99123-4567');
  await phoneDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(phoneDialog).toBeHidden();

  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Esqueci a senha' }).click();
  await expect(page).toHaveURL(/\/forgot/);
  const before = await mailCount(email);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText(/14:5\d|15:00/)).toBeVisible();
  const code = await readResetCode(email, before);

  await page.getByRole('button', { name: 'Continuar para redefinir senha' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  // Pasting the whole code fills the six boxes.
  await page.getByLabel('Dígito 1').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  await expect(page.getByLabel('Dígito 6')).toHaveValue(code[5]!);
  await page.getByLabel('Nova senha').fill('NovaSenha#2026');
  await page.getByLabel('Confirmar senha').fill('NovaSenha#2026');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha redefinida com sucesso!').first()).toBeVisible();

  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await expect(page.getByText('Senha redefinida com sucesso! Faça login com sua nova senha.')).toBeVisible();

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('primeira1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Credenciais inválidas')).toBeVisible();

  await page.getByLabel('Senha').fill('NovaSenha#2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
});

test('the chosen theme is remembered across visits', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Alternar tema' }).first().click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.goto('/public-games');
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Alternar tema' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});
