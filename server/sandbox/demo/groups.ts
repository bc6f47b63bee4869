// The demo cohorts as FHIR Groups (type person, actual), the entry points of a Bulk Data Group export: every demo
// patient, the colorectal patients, and the hepato-pancreato-biliary ones.
import type { Bundle, Group } from '@medplum/fhirtypes';
import { transaction, type WithId } from './builders';

/** The readable names of the demo Groups (their ids are `demoId(name)`) and the patients each holds. */
export const DEMO_GROUPS = [
  {
    id: 'demo-group-all',
    name: 'All demo patients',
    members: ['demo-crc-met', 'demo-rectal-pmab', 'demo-colon-new', 'demo-hcc', 'demo-pdac-g12c', 'demo-icc'],
  },
  {
    id: 'demo-group-colorectal',
    name: 'Colorectal cancer cohort',
    members: ['demo-crc-met', 'demo-rectal-pmab', 'demo-colon-new'],
  },
  {
    id: 'demo-group-hpb',
    name: 'Hepato-pancreato-biliary cancer cohort',
    members: ['demo-hcc', 'demo-pdac-g12c', 'demo-icc'],
  },
] as const;

/** The identifier system of the demo Groups, so registries can find them by `Group?identifier=`. */
export const GROUP_IDENTIFIER_SYSTEM = 'urn:oncoagent:sandbox:cohort';

function group(g: (typeof DEMO_GROUPS)[number]): Group & WithId {
  return {
    resourceType: 'Group',
    id: g.id,
    identifier: [{ system: GROUP_IDENTIFIER_SYSTEM, value: g.id }],
    active: true,
    type: 'person',
    actual: true,
    name: g.name,
    quantity: g.members.length,
    member: g.members.map((p) => ({ entity: { reference: `Patient/${p}` } })),
  };
}

/**
 * The demo Groups as one transaction Bundle (readable ids; `withUuids` maps them and the member references).
 * @returns The Bundle.
 */
export function groupsBundle(): Bundle {
  return transaction(DEMO_GROUPS.map(group));
}
