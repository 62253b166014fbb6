import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from '@playwright/test';

/** The axe rules whose outcome depends on the colours, the only thing a theme changes. */
const colourRules = ['color-contrast', 'link-in-text-block'];

type AxeWindow = { axe?: typeof axe };

/**
 * The serious and critical violations on the page as it is now, one readable line each; of `rules` only, if given.
 * axe-core is put in the page once per document (evaluated, as the page's own CSP allows no injected script tags).
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async (only) => (await (window as AxeWindow).axe!.run(document, only ? { runOnly: { type: 'rule', values: only } } : {})).violations,
    rules,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`,
      ),
    );
}

/** Repaints the page in `theme` where it stands (a menu or dialog stays open), as the app's applyTheme does, and waits out the fades. */
async function paintTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(async (dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    // Colours fade (transition-colors): axe must read them once the fades have ended, not halfway. Reading a style
    // first makes the browser start the fades, so getAnimations() lists them.
    void getComputedStyle(document.body).color;
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        // A fade replaced by another before it ends rejects with AbortError: the one that replaced it is awaited too.
        .map((animation) =>
          animation.finished.catch((error: unknown) => {
            if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
          }),
        ),
    );
  }, theme === 'dark');
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/**
 * The serious and critical violations of the page shown in the light theme, against every rule, then repainted dark,
 * against the rules that read colours (a theme changes nothing else); it is light again afterwards.
 */
export async function seriousViolationsInBothThemes(page: Page): Promise<string[]> {
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  const light = await seriousViolations(page);
  await paintTheme(page, 'dark');
  const dark = await seriousViolations(page, colourRules);
  await paintTheme(page, 'light');
  return [...light.map((line) => `tema claro: ${line}`), ...dark.map((line) => `tema escuro: ${line}`)];
}
