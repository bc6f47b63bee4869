// The environment of a child process this program starts (the registry benchmark's coordinator and workers): this
// process's own variables plus the given ones. Lives here because only the config module reads process.env.

/**
 * The child's environment.
 * @param extra - Variables to set (undefined removes one).
 * @returns A new object; process.env is not changed.
 */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}
