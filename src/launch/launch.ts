// The SMART launch page (launch_uri): reads the config, then hands over to the authorization server.
import FHIR from 'fhirclient';
import { loadConfig } from './config';
import { launchScope } from './launch-scope';
import { signInReason, watchBlockedOrigins } from './sign-in-error';

watchBlockedOrigins();

function show(message: string, isError: boolean): void {
  const status = document.getElementById('launch-status');
  if (status) {
    status.textContent = message;
    status.classList.toggle('error', isError);
  }
}

function explain(error: unknown): string {
  return `OncoAgent could not connect to the EHR: ${signInReason(error)}.`;
}

async function launch(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  if (!params.get('iss')) {
    show(
      'OncoAgent must be launched from an EHR, or opened as launch.html?iss=<FHIR base URL> for a standalone launch.',
      true
    );
    return;
  }
  const config = await loadConfig();
  // Standard SMART only: EHR launch (iss + launch) or standalone (iss alone, patient picked at the auth server).
  await FHIR.oauth2.authorize({
    clientId: config.clientId,
    scope: launchScope(config.scope, params.has('launch')),
    redirectUri: 'index.html',
    pkceMode: 'required',
    completeInTarget: true,
  });
}

launch().catch(async (error: unknown) => {
  // The browser reports a CSP block as an event queued beside the failed fetch: let it arrive first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  show(explain(error), true);
});
