// The SMART launch page (launch_uri): reads the config, then hands over to the authorization server.
import FHIR from 'fhirclient';
import { loadConfig } from './config';
import { launchScope } from './launch-scope';

function show(message: string, isError: boolean): void {
  const status = document.getElementById('launch-status');
  if (status) {
    status.textContent = message;
    status.classList.toggle('error', isError);
  }
}

function explain(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return `OncoAgent could not connect to the EHR: ${text.split('\n')[0]}`;
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

launch().catch((error: unknown) => show(explain(error), true));
