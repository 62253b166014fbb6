/** What a visitor sees when the app's own code does not load (a dropped connection, an old page after a deploy). */
export const bootFailureText = {
  title: 'Não conseguimos abrir o Bora Jogar',
  message: 'Confira sua conexão, recarregue a página e tente de novo.',
  reload: 'Recarregar a página',
} as const;

/**
 * The same message as BootErrorBoundary, drawn without React: for when React itself did not load.
 * Built with DOM calls, so nothing is parsed as HTML.
 */
export function showBootFailure(container: HTMLElement): void {
  const box = document.createElement('div');
  box.className = 'flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.className = 'text-2xl font-bold';
  title.textContent = bootFailureText.title;
  const message = document.createElement('p');
  message.className = 'max-w-md text-slate-600 dark:text-slate-400';
  message.textContent = bootFailureText.message;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className =
    'min-h-11 rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 dark:bg-brand-300 dark:text-slate-950 dark:hover:bg-brand-200';
  reload.textContent = bootFailureText.reload;
  reload.addEventListener('click', () => window.location.reload());
  box.append(title, message, reload);
  container.removeAttribute('data-ssr');
  container.replaceChildren(box);
}
