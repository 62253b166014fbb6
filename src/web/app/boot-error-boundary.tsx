import { Component, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { bootFailureText } from './boot-failure';

/**
 * Catches a failure to load the app's own chunks (a dropped connection, an old page after a deploy),
 * which happens before the router and its error page exist. Without it the page would go blank.
 */
export class BootErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center" role="alert">
        <h1 className="text-2xl font-bold">{bootFailureText.title}</h1>
        <p className="max-w-md text-slate-600 dark:text-slate-400">{bootFailureText.message}</p>
        <Button onClick={() => window.location.reload()}>{bootFailureText.reload}</Button>
      </div>
    );
  }
}
