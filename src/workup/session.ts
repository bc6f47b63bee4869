// The SMART session the app's API calls speak for: the fhirclient Client gives the access token (refreshed when about
// to expire), the FHIR base and the launch patient. The redirect page binds the page's one session here.
import type Client from 'fhirclient/lib/Client';
import type { ApiCredentials } from './api';

let bound: Client | undefined;

/**
 * Makes `client` the session of every API call that names no other (the page has exactly one SMART session).
 * @param client - The client from `FHIR.oauth2.ready()`.
 */
export function bindApiSession(client: Client): void {
  bound = client;
}

/**
 * Reads a client's credentials for one API call, refreshing a token about to expire first.
 * @param client - The SMART client.
 * @returns A function giving the credentials, or null when the client holds no token or no patient.
 */
export function clientCredentials(client: Client): () => Promise<ApiCredentials | null> {
  return async () => {
    try {
      await client.refreshIfNeeded();
    } catch {
      // An expired session shows up as the server's 401, which tells the user to relaunch.
    }
    const authorization = client.getAuthorizationHeader();
    const patientId = client.patient.id;
    if (!authorization || !patientId) {
      return null;
    }
    return { authorization, fhirBase: client.state.serverUrl.replace(/\/+$/, ''), patientId };
  };
}

/**
 * The credentials of the bound session (none before {@link bindApiSession}).
 * @returns The credentials or null.
 */
export function sessionCredentials(): Promise<ApiCredentials | null> {
  return bound ? clientCredentials(bound)() : Promise.resolve(null);
}
