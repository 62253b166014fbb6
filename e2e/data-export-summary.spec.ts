import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerPlayer } from './support/people';

// The data export keeps its JSON and gets a summary in Portuguese beside it (issue 42, item 10), on a 390 px phone.

test.use({ viewport: { width: 390, height: 844 } });

test('a player downloads their data and reads, beside the JSON, what it holds in words, also as a text file', async ({ page, request }) => {
  const player = await registerPlayer(request, 'Ester Exporta', { credits: 20 });
  await page.addInitScript((token) => window.localStorage.setItem('authToken', token), player.token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();

  const json = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = await json;
  expect(file.suggestedFilename()).toBe('bora-jogar-meus-dados.json');
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8')) as { profile: { email: string } };
  expect(data.profile.email).toBe(player.email);

  const summary = page.getByRole('region', { name: 'Resumo do arquivo baixado' });
  await expect(summary.getByRole('definition').filter({ hasText: player.email })).toContainText('Ester Exporta · ');
  await expect(summary.getByText('R$ 20,00')).toBeVisible();
  await expect(summary.getByText('nenhuma inscrição')).toBeVisible();

  const text = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Baixar este resumo' }).click();
  const summaryFile = await text;
  expect(summaryFile.suggestedFilename()).toBe('bora-jogar-resumo-dos-dados.txt');
  const content = fs.readFileSync((await summaryFile.path())!, 'utf8');
  expect(content).toContain('Saldo de créditos: R$ 20,00');
  expect(content).toContain('Os dados completos estão no arquivo bora-jogar-meus-dados.json.');
});
