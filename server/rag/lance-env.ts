// LanceDB thread settings, applied before its native runtime starts: its full-text index build deadlocks on 2-core hosts.
// Lance sizes its compute pool at CPUs − 2 (so 1 on a 2-core machine), and the FTS builder's posting-list producer
// then holds the only thread its own writer needs: the build hangs at 0% CPU once the index outgrows one batch
// (lancedb/lancedb#3568, lance-format/lance#7350). Keeping the pool larger than the number of build workers avoids it.
// Explicit settings from the environment win; server/config/library-env.ts writes them (the environment's one writer).
import { applyLanceThreads } from '../config/library-env';

applyLanceThreads();
