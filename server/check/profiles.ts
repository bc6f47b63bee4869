// The profile check: can the token read StructureDefinition (Medplum needs it to store a resource claiming a
// `meta.profile`, and every OncoAgent output claims one), and which of OncoAgent's profiles and mCODE's the server holds.

import { OperationOutcomeError } from '@medplum/core';
import type { Bundle, StructureDefinition } from '@medplum/fhirtypes';
import { type FhirClient, withRetries } from '../fhir/fhir-client';
import { PROFILE } from '../writeback/codes';
import { PROFILE_READ_FIX } from './fixes';
import { type CheckLine, line } from './report';

/** A few mCODE profiles OncoAgent's outputs sit beside (primary cancer, TNM, tumour markers). */
const MCODE = ['primary-cancer-condition', 'tnm-stage-group', 'tumor-marker-test', 'cancer-disease-status'].map(
  (id) => `http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-${id}`
);

async function held(fhir: FhirClient, urls: string[]): Promise<number> {
  const bundle = (await withRetries(fhir, (signal) =>
    fhir.client.search({
      resourceType: 'StructureDefinition',
      searchParams: { url: urls.join(','), _elements: 'url', _count: String(urls.length * 2) },
      options: { signal },
    })
  )) as unknown as Bundle<StructureDefinition>;
  const found = new Set((bundle.entry ?? []).map((e) => e.resource?.url));
  return urls.filter((u) => found.has(u)).length;
}

/**
 * Checks StructureDefinition access and the profiles held.
 * @param fhir - The client, with the token.
 * @returns The `profiles` line.
 */
export async function profilesLine(fhir: FhirClient): Promise<CheckLine> {
  const title = 'Profiles';
  const ours = Object.values(PROFILE) as string[];
  try {
    const oursHeld = await held(fhir, ours);
    const mcodeHeld = await held(fhir, MCODE);
    const note =
      oursHeld === 0
        ? ' (the server stores meta.profile without validating against ours; load fhir-profiles/ to have it validate)'
        : '';
    return line(
      'profiles',
      title,
      'ok',
      `StructureDefinition readable; ${oursHeld}/${ours.length} OncoAgent profiles and ${mcodeHeld}/${MCODE.length} ` +
        `checked mCODE profiles held${note}`
    );
  } catch (err) {
    const code = err instanceof OperationOutcomeError ? err.outcome.issue?.[0]?.code : undefined;
    const refused = code === 'forbidden' || code === 'login';
    return line(
      'profiles',
      title,
      'fail',
      refused
        ? 'the token cannot read StructureDefinition: every write that claims meta.profile is refused on Medplum'
        : 'searching StructureDefinition by url failed',
      PROFILE_READ_FIX
    );
  }
}
