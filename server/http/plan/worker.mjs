// Entry of the write-back plan worker thread: loads the TypeScript plan job through tsx (as bin/oncoagent.js does
// for the main thread), then answers each job message in turn.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { planJob } = await import('./job.ts');
parentPort.on('message', ({ id, input }) => {
  parentPort.postMessage({ id, output: planJob(input) });
});
