// LanceDB thread settings, applied before its native runtime starts: its full-text index build deadlocks on 2-core hosts.
import { availableParallelism } from 'node:os';

// Lance sizes its compute pool at CPUs − 2 (so 1 on a 2-core machine), and the FTS builder's posting-list producer
// then holds the only thread its own writer needs: the build hangs at 0% CPU once the index outgrows one batch
// (lancedb/lancedb#3568, lance-format/lance#7350). Keeping the pool larger than the number of build workers avoids it.
// Explicit settings from the environment win.
const cpus = availableParallelism();
const threads = Number(process.env.LANCE_CPU_THREADS) || Math.max(4, cpus);
process.env.LANCE_CPU_THREADS ??= String(threads);
process.env.LANCE_FTS_NUM_SHARDS ??= String(Math.max(1, Math.floor(threads / 2)));
