// Composes the development EHR into the server: builds the sandbox and hands it to the app as a mount, so that only
// what asks for it (`serve --sandbox`, the CLI's in-process sandbox, the benchmarks, the test server) ever loads it.
import type { MountedApp } from '../http/app';
import { createSandbox, SANDBOX_PATH, type Sandbox, type SandboxOptions } from '../sandbox';

/** The sandbox and the mount that serves it at /sandbox. */
export interface ComposedSandbox {
  sandbox: Sandbox;
  mount: MountedApp;
}

/**
 * Builds the sandbox EHR (loads the FHIR definitions and its data) for the app to mount.
 * @param options - Its public URL (also the FHIR origin the API may contact), secrets, seeds and emulation.
 * @returns The sandbox (tests sign tokens with it) and its mount for `createApp({ mount })`.
 */
export async function mountSandbox(options: SandboxOptions): Promise<ComposedSandbox> {
  const sandbox = await createSandbox(options);
  return { sandbox, mount: { path: SANDBOX_PATH, routes: sandbox.routes, publicUrl: options.publicUrl } };
}
