/**
 * Runs `task` every `intervalMs` in the background. A run still going (a slow database or
 * provider) is not doubled up; a failure goes to `onError` and the next run happens as usual.
 * The timer alone never keeps the process alive; `stop()` waits for a run in flight.
 */
export function runPeriodically(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
