// The signing clinician's name, read from their fhirUser resource (Practitioner, or the Practitioner of a
// PractitionerRole), so the report and the confirmation name a person rather than a reference.
import type { HumanName, Practitioner, PractitionerRole } from '@medplum/fhirtypes';
import type Client from 'fhirclient/lib/Client';

/**
 * A person's display name: prefix, given names and family name of the official (else first) name.
 * @param names - HumanName list.
 * @returns e.g. "Dr. Alex Sandbox", or undefined when there is no name.
 */
export function displayName(names: HumanName[] | undefined): string | undefined {
  const name = names?.find((n) => n.use === 'official') ?? names?.[0];
  if (!name) return undefined;
  const text = name.text?.trim() || [...(name.prefix ?? []), ...(name.given ?? []), name.family ?? ''].join(' ').trim();
  return text || undefined;
}

/**
 * Reads the signer's name with the session's token; any failure (no read scope, not found) gives undefined.
 * @param client - The SMART client.
 * @returns The name, or undefined.
 */
export async function signerName(client: Client): Promise<string | undefined> {
  try {
    const user = (await client.user.read()) as Practitioner | PractitionerRole | undefined;
    if (user?.resourceType === 'Practitioner') return displayName(user.name);
    if (user?.resourceType === 'PractitionerRole') return user.practitioner?.display?.trim() || undefined;
  } catch {
    // The name is a courtesy: the signature itself is the fhirUser reference.
  }
  return undefined;
}
