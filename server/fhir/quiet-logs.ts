// Keeps fhir-kit-client's debug logging off whatever DEBUG says: it prints request URLs (patient ids, search values)
// and its error log prints request headers (the bearer token) and response bodies (patient data). Must run before fhir-kit-client is first loaded, because the `debug` package reads
// DEBUG once; fhir-client.ts and the CLI import this module first.

/** Debug namespaces that would print tokens or patient data. */
const LEAKY = ['fhir-kit-client:*'];

/**
 * Adds skip patterns for the leaky namespaces to DEBUG (skips win over any enabling pattern, `*` included).
 * @param env - Usually process.env.
 */
export function silenceLeakyLoggers(env: NodeJS.ProcessEnv = process.env): void {
  const current = env.DEBUG?.trim();
  if (!current) return;
  const skips = LEAKY.map((ns) => `-${ns}`).filter((s) => !current.split(/[\s,]+/).includes(s));
  if (skips.length) env.DEBUG = [current, ...skips].join(',');
}

silenceLeakyLoggers();
