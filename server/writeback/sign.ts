// Clinician sign-off of a plan: statuses become final, the report names the clinician as results interpreter and the
// Provenance gains the clinician as verifier (an attestation without a digital signature).
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { Bundle, Practitioner, PractitionerRole, ProvenanceAgent, Reference, Resource } from '@medplum/fhirtypes';

type Signer = Reference<Practitioner | PractitionerRole>;

import { SYS } from './codes';
import { withIdentities } from './identity';

const SIGNER = /^(Practitioner|PractitionerRole)\/[A-Za-z0-9\-.]{1,64}$/;

function signResource(resource: Resource, signer: Signer): Resource {
  switch (resource.resourceType) {
    case 'Observation':
      return { ...resource, status: resource.status === 'preliminary' ? 'final' : resource.status };
    case 'DiagnosticReport':
      return { ...resource, status: 'final', resultsInterpreter: [signer] };
    case 'QuestionnaireResponse':
      return { ...resource, status: 'completed' };
    case 'Provenance': {
      const others = (resource.agent ?? []).filter((a) => !a.type?.coding?.some((c) => c.code === 'verifier'));
      const verifier: ProvenanceAgent = {
        type: { coding: [{ system: SYS.provenanceParticipant, code: 'verifier', display: 'Verifier' }] },
        who: signer,
      };
      return { ...resource, agent: [...others, verifier] };
    }
    default:
      return resource;
  }
}

/**
 * The signed version of a plan (signing twice gives the same result).
 * @param bundle - A plan from buildPlan.
 * @param practitioner - `Practitioner/<id>` or `PractitionerRole/<id>` (or a Reference to one): the signing clinician.
 * @returns A new Bundle; throws 400 when the signer is not a Practitioner or PractitionerRole reference.
 */
export function sign(bundle: Bundle, practitioner: string | Signer): Bundle {
  const signer: Signer = typeof practitioner === 'string' ? { reference: practitioner } : practitioner;
  if (!signer.reference || !SIGNER.test(signer.reference)) {
    throw new OperationOutcomeError(
      badRequest(
        `The signer must be a Practitioner/<id> or PractitionerRole/<id> reference, not "${signer.reference ?? ''}"`
      )
    );
  }
  // The Provenance's identity includes its verifier: a signed commit is a new attestation of the same results.
  return withIdentities({
    ...bundle,
    entry: (bundle.entry ?? []).map((e) => (e.resource ? { ...e, resource: signResource(e.resource, signer) } : e)),
  });
}

/** True when the plan carries a clinician's sign-off. */
export function isSigned(bundle: Bundle): boolean {
  return (bundle.entry ?? []).some(
    (e) =>
      e.resource?.resourceType === 'Provenance' &&
      e.resource.agent?.some((a) => a.type?.coding?.some((c) => c.code === 'verifier'))
  );
}
