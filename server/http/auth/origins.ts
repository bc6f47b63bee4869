// The SSRF guard: which FHIR servers this server may ever contact, by exact origin after WHATWG URL normalisation
// (so 127.1, 2130706433, 0x7f.1 and LOCALHOST are the same host as 127.0.0.1 / localhost), and the one answer given
// for any FHIR base it refuses or cannot reach, so that answers never tell a port scanner anything.
import { OperationOutcomeError } from '@medplum/core';
import { badRequest } from '../../agent/outcome';

/** The one text for a FHIR base that is not allowed, unreachable, too slow, redirecting or answering nonsense. */
export const UNUSABLE_FHIR_TEXT =
  'This FHIR server cannot be used: it is not among the allowed FHIR origins (ONCOAGENT_FHIR_ORIGINS) or it did not ' +
  'answer as expected';

/** The refusal for {@link UNUSABLE_FHIR_TEXT} (400: the request named a FHIR server this server will not use). */
export function unusableFhirServer(): OperationOutcomeError {
  return new OperationOutcomeError(badRequest(UNUSABLE_FHIR_TEXT));
}

/**
 * Normalises one configured origin (`https://ehr.example.org`, with or without a path or trailing slash).
 * @param value - The configured value.
 * @returns The WHATWG origin, e.g. `https://ehr.example.org:8443`; throws an Error naming the bad value.
 */
export function normaliseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`Not an origin: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Not an http(s) origin: ${value}`);
  return url.origin;
}

/**
 * Splits a comma-separated list of origins (ONCOAGENT_FHIR_ORIGINS, ONCOAGENT_APP_ORIGINS).
 * @param list - The variable's value.
 * @returns Normalised origins; throws an Error naming a bad entry.
 */
export function parseOrigins(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map(normaliseOrigin);
}

/** The FHIR origins this server may contact: configured ones and its own (the sandbox), nothing else. */
export class FhirOrigins {
  private readonly allowed: ReadonlySet<string>;

  /**
   * @param origins - Allowed origins (normalised here).
   */
  constructor(origins: Iterable<string>) {
    this.allowed = new Set([...origins].map(normaliseOrigin));
  }

  /** The allowed origins, normalised. */
  list(): string[] {
    return [...this.allowed];
  }

  /**
   * Whether a URL may be contacted: http(s), no user info, and its exact origin allowed.
   * @param url - Any URL string or URL.
   * @returns True when allowed.
   */
  allows(url: string | URL): boolean {
    let parsed: URL;
    try {
      parsed = typeof url === 'string' ? new URL(url) : url;
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    if (parsed.username || parsed.password) return false;
    return this.allowed.has(parsed.origin);
  }

  /**
   * Checks a FHIR base and returns it in the one form used for comparisons and keys.
   * @param fhirBase - The base as the caller sent it.
   * @returns `origin + path` without a trailing slash, query or fragment; throws {@link unusableFhirServer}.
   */
  base(fhirBase: string): string {
    let url: URL;
    try {
      url = new URL(fhirBase);
    } catch {
      throw unusableFhirServer();
    }
    if (!this.allows(url) || url.search || url.hash) throw unusableFhirServer();
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
}
