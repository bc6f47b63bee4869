// Least privilege: what a client may be granted is the intersection of what it asks for and what its registration
// allows. A patient/ scope is the narrower form of the same user/ scope, so an allowed user/ scope covers it.
import { type Permission, parseResourceScope, type ResourceScope, scopeTokens } from './scopes';

const ORDER: readonly Permission[] = ['c', 'r', 'u', 'd', 's'];

const format = (context: string, type: string, perms: ReadonlySet<Permission>): string =>
  `${context}/${type}.${ORDER.filter((p) => perms.has(p)).join('')}`;

/** Whether an allowed scope's context covers a requested one (same context, or user/ for a patient/ request). */
const contextCovers = (allowed: ResourceScope, requested: ResourceScope): boolean =>
  allowed.context === requested.context || (allowed.context === 'user' && requested.context === 'patient');

/** The permissions per resource type that `allowed` leaves of one requested resource scope. */
function intersect(requested: ResourceScope, allowed: readonly ResourceScope[]): Map<string, Set<Permission>> {
  const byType = new Map<string, Set<Permission>>();
  for (const a of allowed) {
    if (!contextCovers(a, requested)) continue;
    if (requested.resourceType !== '*' && a.resourceType !== '*' && a.resourceType !== requested.resourceType) continue;
    const type = requested.resourceType === '*' ? a.resourceType : requested.resourceType;
    const perms = ORDER.filter((p) => requested.perms.has(p) && a.perms.has(p));
    if (perms.length === 0) continue;
    const set = byType.get(type) ?? new Set<Permission>();
    for (const p of perms) set.add(p);
    byType.set(type, set);
  }
  const wildcard = byType.get('*');
  if (wildcard) {
    for (const [type, perms] of byType) {
      if (type !== '*' && [...perms].every((p) => wildcard.has(p))) byType.delete(type);
    }
  }
  return byType;
}

/**
 * The part of a requested scope string that a client's registration allows. A requested scope that is allowed whole
 * comes back as written; a wider one comes back narrowed to SMART v2 scopes (`patient/*.cruds` with only
 * `patient/*.rs` and `patient/Observation.crus` allowed → `patient/*.rs patient/Observation.crus`). Scopes that are
 * unknown, malformed or not allowed at all are dropped.
 * @param requested - The space-separated scopes the client asked for.
 * @param allowed - The scopes registered for the client.
 * @returns The granted scopes, space-separated; '' when nothing can be granted.
 */
export function grantableScope(requested: string, allowed: readonly string[]): string {
  const allowedResources = allowed.map(parseResourceScope).filter((s): s is ResourceScope => s !== undefined);
  const out: string[] = [];
  for (const token of scopeTokens(requested)) {
    const scope = parseResourceScope(token);
    if (!scope) {
      if (allowed.includes(token)) out.push(token);
      continue;
    }
    const granted = intersect(scope, allowedResources);
    const whole = granted.size === 1 && granted.get(scope.resourceType)?.size === scope.perms.size;
    if (whole) out.push(token);
    else for (const [type, perms] of granted) out.push(format(scope.context, type, perms));
  }
  return [...new Set(out)].join(' ');
}
