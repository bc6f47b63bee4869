// Who may export what: Bulk Data is for backend clients, so every exported type needs a system/ read-and-search scope;
// and who owns a job (the client that kicked it off), so nobody else can poll, cancel or download it.
import type { Context } from 'hono';
import type { TokenSigner } from '../auth/jwt';
import { grantFor, type ResourceScope } from '../auth/scopes';
import { type Access, deny } from '../fhir/access';
import { type ExportRequest, levelTypes } from './params';

/** The owner of jobs started without tokens (`--sandbox-open`). */
export const OPEN_OWNER = 'open';

const covers = (system: readonly ResourceScope[], type: string): boolean =>
  grantFor(system, type, 'r') === 'all' && grantFor(system, type, 's') === 'all';

/**
 * The resource types this export writes. With `_type`, each listed type must be covered by a `system/<Type>.rs` (or
 * `system/*.rs`) scope, else 403 naming the missing scopes; without it, the level's types the token covers.
 * `patient/` and `user/` scopes never count: they belong to an app acting for one patient or one user.
 * @param request - The validated kick-off.
 * @param access - The caller.
 * @returns The types, Patient first, then by name.
 */
export function exportTypes(request: ExportRequest, access: Access): string[] {
  const wanted = request.types ?? levelTypes(request.level);
  let types = wanted;
  if (access.kind === 'token') {
    const system = access.scopes.filter((s) => s.context === 'system');
    if (system.length === 0) {
      throw deny('Bulk Data export needs system/ scopes (a client_credentials token); this token has none');
    }
    if (request.types) {
      const missing = request.types.filter((t) => !covers(system, t));
      if (missing.length > 0) {
        throw deny(
          `The access token lacks ${missing.map((t) => `system/${t}.rs`).join(', ')} to export what _type asks`
        );
      }
    } else {
      types = wanted.filter((t) => covers(system, t));
      if (types.length === 0) throw deny('The access token has no system/<Type>.rs scope for any exportable type');
    }
  }
  return [...types].sort((a, b) => (a === 'Patient' ? -1 : b === 'Patient' ? 1 : a.localeCompare(b)));
}

/**
 * The client a request comes from: the `client_id` of its (already verified) token, else its `sub`.
 * @param c - The Hono context.
 * @param signer - The sandbox's token signer.
 * @param open - True when the sandbox serves FHIR without tokens.
 * @returns The owner key jobs are filed under.
 */
export function ownerOf(c: Context, signer: TokenSigner, open: boolean): string {
  if (open) return OPEN_OWNER;
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  const claims = signer.verify(token);
  const owner = typeof claims.client_id === 'string' ? claims.client_id : claims.sub;
  return `client:${String(owner ?? '')}`;
}
