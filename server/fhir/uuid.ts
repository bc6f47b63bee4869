// Deterministic UUIDs from names: the same name always gives the same id, so plans and demo data are reproducible
// and every id is a UUID, as servers such as Medplum require.
import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout over SHA-256) for a name.
 * @param name - Any text.
 * @returns e.g. `1b4e28ba-2fa1-5d2b-a3c2-8f8c3d0f1a2b` (no `urn:uuid:` prefix).
 */
export function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
