// The server settings an integrator changes, named once: what Medplum, HAPI and the SMART App Launcher each need for
// the checks that can fail. Kept together so the CLI, the /check page and the README say the same thing.
import type { CheckFix } from './report';

/** A transaction ran as a batch: entries before a refused one stayed written. */
export const ATOMIC_FIX: CheckFix = {
  medplum:
    'enable atomic transactions for the project: Project → Settings, feature "transaction-bundles" (Medplum then ' +
    'also refuses conditional transactions of more than 8 entries; OncoAgent sends those in parts)',
  hapi: 'HAPI applies transactions atomically; make sure no proxy turns the transaction into a batch',
  smart: 'the launcher proxies to a HAPI server, whose transactions are atomic; use a server, not a static mock',
};

/** A wildcard resource scope next to per-type write scopes. */
export const WILDCARD_FIX: CheckFix = {
  any: "ask for explicit per-type scopes (OncoAgent's default: leave --scope out / ONCOAGENT_SCOPE unset)",
  medplum:
    'Medplum applies the first wildcard scope (e.g. patient/*.rs) to every type and ignores the write scopes after ' +
    'it, so every write is refused 403; remove "*.rs"/"*.*" from the ClientApplication and the requested scopes',
  hapi: 'HAPI combines the scopes, but explicit scopes keep the grant portable',
  smart: 'the launcher combines the scopes, but explicit scopes keep the grant portable',
};

/** Scopes asked for but not granted. */
export const GRANT_FIX: CheckFix = {
  medplum:
    'the ClientApplication (and its AccessPolicy) must allow the types listed; Medplum grants only what both allow',
  hapi: 'register the client with the scopes listed in your authorization server (e.g. Keycloak client scopes)',
  smart: 'the launcher grants what is asked; check the scopes in the launch URL or the client registration',
};

/** The token cannot read StructureDefinition, so writes claiming `meta.profile` fail on Medplum. */
export const PROFILE_READ_FIX: CheckFix = {
  medplum:
    'allow StructureDefinition read (user/StructureDefinition.rs or system/StructureDefinition.rs): Medplum loads ' +
    "every meta.profile with the caller's access before it stores a resource that claims it",
  hapi: 'allow StructureDefinition read if the server validates against profiles',
  smart: 'allow StructureDefinition read (the app asks for it by default)',
};

/** `patient/` scopes are not confined to the launch patient. */
export const CONFINE_FIX: CheckFix = {
  medplum:
    "patient/ scopes alone do not confine reads: give the ClientApplication (or the user's ProjectMembership) an " +
    'AccessPolicy whose resource entries carry criteria limiting each type to the launch patient (e.g. "Observation?subject=%patient")',
  hapi: 'enable the SMART authorization interceptor (patient compartment rules) on the server',
  smart: 'the launcher confines patient/ scopes itself; if it does not, report it upstream',
};

/** Imaging through DICOMweb. */
export const DICOMWEB_NOTE =
  'DICOMweb is not part of Medplum: point ImagingStudy.endpoint at a PACS (e.g. Orthanc with its DICOMweb plugin) ' +
  'and list its origin in ONCOAGENT_PACS_ORIGINS';

/** The server answered a transaction with a batch, or refused transactions altogether. */
export const TRANSACTION_FIX: CheckFix = {
  medplum: 'Medplum supports transactions; check the URL is the FHIR base (…/fhir/R4)',
  hapi: 'HAPI supports transactions; check the URL is the FHIR base',
  smart: "use the launcher's FHIR base (…/v/r4/fhir), not the launcher page",
};
