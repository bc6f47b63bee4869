// Which real server the sandbox imitates. Default: a spec-conformant FHIR R4 server with atomic transactions.
// `medplum`: the behaviours of a Medplum 4.5 server that a spec-conformant sandbox would hide (see README).

/** A real server whose behaviour the sandbox reproduces. */
export type EmulatedServer = 'medplum';

export const EMULATED_SERVERS: readonly EmulatedServer[] = ['medplum'];

/** How the sandbox departs from plain FHIR R4 to behave like a real server. */
export interface Emulation {
  server: EmulatedServer;
  /**
   * Medplum runs a transaction Bundle as a batch unless the project enables atomic transactions; true emulates a
   * project with that setting on.
   */
  atomicTransactions: boolean;
}

/**
 * Parses the `--emulate` value.
 * @param value - e.g. `medplum`; undefined or '' for none.
 * @param atomicTransactions - `--atomic-transactions`.
 * @returns The emulation, or undefined for the default (spec-conformant) sandbox; throws on an unknown server.
 */
export function parseEmulation(value: string | undefined, atomicTransactions = false): Emulation | undefined {
  if (!value) return undefined;
  if (!(EMULATED_SERVERS as readonly string[]).includes(value)) {
    throw new Error(`--emulate must be one of ${EMULATED_SERVERS.join(', ')}, got "${value}"`);
  }
  return { server: value as EmulatedServer, atomicTransactions };
}

/** True when the sandbox imitates Medplum. */
export const isMedplum = (emulation: Emulation | undefined): boolean => emulation?.server === 'medplum';
