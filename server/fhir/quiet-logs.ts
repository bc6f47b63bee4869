// Keeps fhir-kit-client's debug logging off whatever DEBUG says: it prints request URLs (patient ids, search values)
// and its error log prints request headers (the bearer token) and response bodies (patient data). Must run before fhir-kit-client is first loaded, because the `debug` package reads
// DEBUG once; fhir-client.ts and the CLI import this module first. The write itself is in server/config/library-env.ts.

import { silenceLeakyLoggers } from '../config/library-env';

export { silenceLeakyLoggers };

silenceLeakyLoggers();
