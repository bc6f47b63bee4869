// SMART App Launch scopes (v1 `.read/.write/.*` and v2 `.cruds`): parsing and what a set of scopes permits.

export type ScopeContext = 'patient' | 'user' | 'system';
export type Permission = 'c' | 'r' | 'u' | 'd' | 's';

/** One resource scope, e.g. `patient/Observation.rs` → {context: patient, resourceType: Observation, perms: r,s}. */
export interface ResourceScope {
  context: ScopeContext;
  resourceType: string;
  perms: ReadonlySet<Permission>;
}

const V1: Record<string, Permission[]> = {
  read: ['r', 's'],
  write: ['c', 'u', 'd'],
  '*': ['c', 'r', 'u', 'd', 's'],
};

const RESOURCE_SCOPE = /^(patient|user|system)\/([A-Za-z]+|\*)\.([a-z*]+)$/;

/**
 * Parses one scope token into a resource scope; other tokens (launch, openid, …) give undefined.
 * Scopes with v2 search constraints (`?category=…`) are not supported and parse as undefined, so they grant nothing.
 * @param token - One space-separated scope token.
 * @returns The resource scope, or undefined.
 */
export function parseResourceScope(token: string): ResourceScope | undefined {
  const m = RESOURCE_SCOPE.exec(token);
  if (!m) return undefined;
  const [, context, resourceType, action] = m as unknown as [string, ScopeContext, string, string];
  const v1 = V1[action];
  if (v1) return { context, resourceType, perms: new Set(v1) };
  if (!/^c?r?u?d?s?$/.test(action) || action.length === 0) return undefined;
  return { context, resourceType, perms: new Set(action.split('') as Permission[]) };
}

/** Splits a scope string into tokens (collapsing whitespace). */
export function scopeTokens(scope: string | undefined): string[] {
  return (scope ?? '').split(/\s+/).filter(Boolean);
}

/** The resource scopes of a scope string. */
export function resourceScopes(scope: string | undefined): ResourceScope[] {
  return scopeTokens(scope)
    .map(parseResourceScope)
    .filter((s): s is ResourceScope => s !== undefined);
}

/** How a request may touch resources of one type: not at all, only within the patient's compartment, or freely. */
export type Grant = 'none' | 'compartment' | 'all';

/**
 * What the scopes allow for a permission on a resource type.
 * @param scopes - The granted resource scopes.
 * @param resourceType - The resource type asked for.
 * @param perm - The permission needed.
 * @returns 'all' when a user/system scope covers it, 'compartment' when only patient scopes do, else 'none'.
 */
export function grantFor(scopes: readonly ResourceScope[], resourceType: string, perm: Permission): Grant {
  let grant: Grant = 'none';
  for (const s of scopes) {
    if ((s.resourceType === '*' || s.resourceType === resourceType) && s.perms.has(perm)) {
      if (s.context !== 'patient') return 'all';
      grant = 'compartment';
    }
  }
  return grant;
}
