// The scope check: what was asked for against what the token carries, and the one combination Medplum silently
// mishandles (a wildcard resource scope next to per-type write scopes). The scopes asked for are the CLI's and the
// app's own (common/smart/scopes.ts); the write test adds the deletes it needs to clean up after itself.
import { CLI_WRITE_SCOPE, PROVENANCE_TYPES, RESULT_TYPES } from '../../common/smart/scopes';
import { GRANT_FIX, WILDCARD_FIX } from './fixes';
import { type CheckLine, line } from './report';

/** The write test's scopes: the CLI's write scopes, plus creating and deleting its test Patient and its own results. */
export const WRITE_TEST_SCOPE = [
  CLI_WRITE_SCOPE,
  'system/Patient.cud',
  ...[...RESULT_TYPES, ...PROVENANCE_TYPES].map((t) => `system/${t}.d`),
].join(' ');

interface ResourceScope {
  text: string;
  type: string;
  perms: Set<string>;
}

/** SMART v1 (`.read`, `.write`, `.*`) and v2 (`.cruds`) resource scopes; other scopes (openid, launch…) are skipped. */
export function parseScopes(scope: string): ResourceScope[] {
  const out: ResourceScope[] = [];
  for (const text of scope.split(/\s+/).filter(Boolean)) {
    const m = /^(patient|user|system)\/([A-Za-z]+|\*)\.([a-z]+|\*)(\?.*)?$/.exec(text);
    if (!m) continue;
    const p = m[3]!;
    const perms = p === '*' ? 'cruds' : p === 'read' ? 'rs' : p === 'write' ? 'cud' : p;
    out.push({ text, type: m[2]!, perms: new Set(perms) });
  }
  return out;
}

const writes = (s: ResourceScope): boolean => ['c', 'u', 'd'].some((p) => s.perms.has(p));

/**
 * The scope claim of a JWT access token (read, not verified: the server verifies its own tokens).
 * @param token - The access token.
 * @returns The granted scopes, or undefined for an opaque token.
 */
export function grantedScope(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { scope?: unknown };
    return typeof claims.scope === 'string' ? claims.scope : undefined;
  } catch {
    return undefined;
  }
}

/** Asked-for type permissions the granted scopes do not cover, as `Type.perm`. */
function uncovered(asked: ResourceScope[], granted: ResourceScope[]): string[] {
  const gaps = new Set<string>();
  for (const a of asked) {
    for (const p of a.perms) {
      const covered = granted.some((g) => (g.type === a.type || g.type === '*') && g.perms.has(p));
      if (!covered) gaps.add(`${a.type}.${p}`);
    }
  }
  return [...gaps];
}

/**
 * Judges the scopes.
 * @param asked - The scopes asked for (space-separated).
 * @param token - The access token (its `scope` claim, when it is a JWT).
 * @returns The `auth.scopes` line.
 */
export function scopeLine(asked: string, token: string): CheckLine {
  const title = 'Scopes';
  const granted = grantedScope(token);
  const effective = parseScopes(granted ?? asked);
  const wildcard = effective.find((s) => s.type === '*');
  const perType = effective.filter((s) => s.type !== '*' && writes(s));
  if (wildcard && perType.length) {
    return line(
      'auth.scopes',
      title,
      'fail',
      `a wildcard scope (${wildcard.text}) comes with ${perType.length} per-type write scopes: Medplum ignores those writes`,
      WILDCARD_FIX
    );
  }
  if (granted === undefined) {
    return line(
      'auth.scopes',
      title,
      'ok',
      `asked for ${parseScopes(asked).length} resource scopes (opaque token: grant not visible)`
    );
  }
  const gaps = uncovered(parseScopes(asked), effective);
  if (gaps.length) {
    const more = gaps.length > 24 ? ` and ${gaps.length - 24} more` : '';
    return line(
      'auth.scopes',
      title,
      'fail',
      `asked but not granted: ${gaps.slice(0, 24).join(', ')}${more}`,
      GRANT_FIX
    );
  }
  return line('auth.scopes', title, 'ok', `all ${parseScopes(asked).length} resource scopes asked for were granted`);
}
