import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { FullPageLoader } from '../components/ui/spinner';
import { BootErrorBoundary } from './boot-error-boundary';
import { appTookOver } from './server-page';

/** The app's frame in index.html, drawn before any JavaScript runs. */
const APP_FRAME_ID = 'app-frame';

/**
 * Renders nothing; its effect runs after the commit that puts the app on screen, when the frame index.html painted
 * before the app (#app-frame) has done its work.
 */
function TakeOverSignal() {
  useEffect(() => {
    document.getElementById(APP_FRAME_ID)?.remove();
    appTookOver();
  }, []);
  return null;
}

/**
 * The outermost tree, the same in the browser and in the server render (hydration needs both to
 * match): the boot error boundary and the loader shown while the app's chunk arrives.
 */
export function Root({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <BootErrorBoundary>
        <Suspense fallback={<FullPageLoader />}>
          {children}
          <TakeOverSignal />
        </Suspense>
      </BootErrorBoundary>
    </StrictMode>
  );
}
