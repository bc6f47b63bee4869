// A stable text for a tool call (tool name and arguments with sorted keys): the same call asked twice — in one round,
// across rounds, or again in a follow-up — is recognised.

/**
 * A stable text for a call (tool + arguments with sorted keys), so the same call asked again is recognised.
 * @param tool - The tool name.
 * @param args - Its arguments.
 * @returns The key.
 */
export function callKey(tool: string, args: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sorted(x)])
          )
        : v;
  return `${tool} ${JSON.stringify(sorted(args ?? {}))}`;
}
