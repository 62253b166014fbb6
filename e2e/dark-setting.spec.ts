import { expect, test } from '@playwright/test';

// The theme follows the phone's dark setting until the user picks one here (issue 42, item 10).

test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

test('a phone set to dark gets the dark theme from the first paint, follows the setting, and keeps a theme picked here', async ({
  page,
}) => {
  // Before any of the app's code has run: the page the server sent is already dark (slate-950).
  await page.route('**/assets/*.js', () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('body')).toHaveCSS('background-color', 'oklch(0.129 0.042 264.695)');
  await page.unroute('**/assets/*.js');

  await page.goto('/public-games');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The phone switches to light: so does the page, with nothing picked here.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // Picked here, light stays light on this dark phone, also after a reload.
  await page.getByRole('button', { name: 'Alternar tema' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos abertos' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Alternar tema' })).toHaveAttribute('title', 'Usar tema escuro');
});
