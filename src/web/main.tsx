import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/register-service-worker';
import { bootstrapSession } from './lib/session';
import { applyTheme, storedTheme } from './lib/theme';
import './index.css';

// public/theme-init.js already did this before the first paint; this keeps both in step.
applyTheme(storedTheme());
void bootstrapSession();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
