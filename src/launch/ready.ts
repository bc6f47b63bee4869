// The SMART redirect page (redirect_uri): completes the authorization, then renders the patient view.
import FHIR from 'fhirclient';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../components/App/App';
import { bindApiSession } from '../workup/session';
import { loadConfig } from './config';
import { signInReason, watchBlockedOrigins } from './sign-in-error';

watchBlockedOrigins();

async function showError(root: HTMLElement, error: unknown): Promise<void> {
  // The browser reports a CSP block as an event queued beside the failed fetch: let it arrive first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const text = signInReason(error);
  const message = document.createElement('p');
  message.className = 'status error';
  message.setAttribute('role', 'alert');
  message.dataset.testid = 'ready-error';
  message.textContent = `Sign-in to the EHR did not complete: ${text}. Relaunch OncoAgent from the EHR.`;
  root.replaceChildren(message);
}

async function start(root: HTMLElement): Promise<void> {
  // Session state stays in sessionStorage (fhirclient's default), which also works inside EHR iframes.
  const [client, config] = await Promise.all([FHIR.oauth2.ready(), loadConfig()]);
  // Every call to the OncoAgent API carries this session's token, FHIR base and patient.
  bindApiSession(client);
  createRoot(root).render(createElement(StrictMode, null, createElement(App, { client, version: config.version })));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => void showError(root, error));
}
