// A plan worker for tests: each job raises a flag (element 1 of an Int32Array over shared memory), then waits,
// blocking its thread as a long plan would, until the test opens the gate (element 0 non-zero); the real job follows.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { planJob } = await import('../job.ts');
const gate = new Int32Array(workerData.gate);
parentPort.on('message', ({ id, input }) => {
  Atomics.store(gate, 1, 1);
  Atomics.notify(gate, 1);
  Atomics.wait(gate, 0, 0);
  parentPort.postMessage({ id, output: planJob(input) });
});
