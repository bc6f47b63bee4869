// Setup of the `unit` project: a unit test that opens a listening socket or starts a child process fails at once,
// naming the rule, so the fast base of the test pyramid stays fast (such a test is an `*.int.test.ts`).
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const refuse = (what: string) => (): never => {
  throw new Error(`A unit test may not ${what}: name the file *.int.test.ts to run it in the int project.`);
};

net.Server.prototype.listen = refuse('listen on a socket') as typeof net.Server.prototype.listen;
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = refuse(`start a child process (${name})`);
}
syncBuiltinESMExports();
