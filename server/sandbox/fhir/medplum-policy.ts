// How Medplum 4.5 turns SMART scopes into an access policy, so `--emulate medplum` refuses what a real Medplum refuses.
// Medplum intersects the project's policy (for a member without one: every type, plus read-only SearchParameter and
// StructureDefinition) with the scopes: for each policy entry it takes the scope naming that type, else the FIRST
// wildcard scope. So one wildcard scope decides every type, and per-type scopes next to it are ignored
// (`patient/*.rs patient/Observation.c` cannot create). Without any wildcard, each scope becomes its own entry. A
// scope whose permissions are only r/s makes its entry read-only; anything else (even `.c`) allows every interaction.
// The `patient/`, `user/`, `system/` prefix plays no part.
import type { Permission, ResourceScope } from '../auth/scopes';

/** One entry of the policy Medplum builds: a type (or `*`) and whether it is read-only. */
export interface MedplumPolicyEntry {
  resourceType: string;
  readonly: boolean;
}

/** The entries of the access policy of a project member without one of their own. */
const MEMBER_POLICY: readonly MedplumPolicyEntry[] = [
  { resourceType: '*', readonly: false },
  { resourceType: 'SearchParameter', readonly: true },
  { resourceType: 'StructureDefinition', readonly: true },
];

/** Types a wildcard never covers (Medplum project administration), and types only its super admin may touch. */
const ADMIN_TYPES = new Set(['PasswordChangeRequest', 'UserSecurityRequest', 'Project', 'ProjectMembership', 'User']);
const PROTECTED_TYPES = new Set(['DomainConfiguration', 'JsonWebKey', 'Login']);

const isReadOnly = (scope: ResourceScope): boolean => [...scope.perms].every((p) => p === 'r' || p === 's');

/**
 * The access policy Medplum derives from a token's resource scopes (in the order the token lists them).
 * @param scopes - The token's resource scopes; none at all gives an empty policy here (Medplum would leave the
 *   member's policy unrestricted, which the sandbox does not copy).
 * @returns The policy entries.
 */
export function medplumPolicy(scopes: readonly ResourceScope[]): MedplumPolicyEntry[] {
  if (scopes.length === 0) return [];
  const firstWildcard = scopes.find((s) => s.resourceType === '*');
  const out: MedplumPolicyEntry[] = [];
  for (const entry of MEMBER_POLICY) {
    const scope = scopes.find((s) => s.resourceType === entry.resourceType) ?? firstWildcard;
    if (scope) {
      out.push({ resourceType: entry.resourceType, readonly: entry.readonly || isReadOnly(scope) });
    } else if (entry.resourceType === '*') {
      for (const s of scopes) out.push({ resourceType: s.resourceType, readonly: isReadOnly(s) });
    }
  }
  return out;
}

/**
 * Whether a Medplum policy allows a SMART permission on a type (Medplum's shallow, per-type check).
 * @param policy - From {@link medplumPolicy}.
 * @param resourceType - The type touched.
 * @param perm - `r`/`s` read, `c`/`u`/`d` write.
 * @returns True when some entry for the type (or a wildcard entry) allows it.
 */
export function medplumAllows(policy: readonly MedplumPolicyEntry[], resourceType: string, perm: Permission): boolean {
  if (PROTECTED_TYPES.has(resourceType)) return false;
  const reading = perm === 'r' || perm === 's';
  return policy.some(
    (e) =>
      (e.resourceType === resourceType || (e.resourceType === '*' && !ADMIN_TYPES.has(resourceType))) &&
      (reading || !e.readonly)
  );
}
