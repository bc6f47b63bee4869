// The identifier and tag systems that make OncoAgent's outputs recognisable and idempotent, shared by the plan
// builder (server), the commit (app, API, CLI) and the app's views of what was saved.
import { CANONICAL_BASE } from '../fhir/canonical';

/**
 * Content identity of a finding: the same subject, code, value, source data and time give the same value, whatever
 * workup made it, so the same finding is written once (conditional create on this identifier).
 */
export const FINDING_SYSTEM = `${CANONICAL_BASE}/identifier/finding`;
/**
 * The finding's "slot" (a `meta.tag`): what it is about without its value (e.g. the pT category of this cancer).
 * A later signed result in the same slot with another value supersedes the earlier one.
 */
export const SLOT_SYSTEM = `${CANONICAL_BASE}/identifier/finding-slot`;
/** Which workup made an item: `<workupId>:<item key>` (identifier, or a tag where the type has no list of them). */
export const WORKUP_ITEM_SYSTEM = `${CANONICAL_BASE}/identifier/workup-item`;
/** Identifier system of the Devices (agent, models, engines); the value is `<id>@<version>`. */
export const DEVICE_SYSTEM = `${CANONICAL_BASE}/identifier/device`;
/** Labels on outputs (`not-clinically-validated`, `superseded`). */
export const OUTPUT_LABEL_SYSTEM = `${CANONICAL_BASE}/CodeSystem/oncoagent-output-label`;

/** The tag an earlier result gets when a later signed result replaces it. */
export const SUPERSEDED_TAG = {
  system: OUTPUT_LABEL_SYSTEM,
  code: 'superseded',
  display: 'Superseded by a later signed result',
} as const;

/** The core R4 extension a new Observation uses to name the Observations it replaces (they are then obsolete). */
export const OBSERVATION_REPLACES = 'http://hl7.org/fhir/StructureDefinition/observation-replaces';
