// Whether the sandbox can be reached from beyond this machine: then its EHR page, EHR launch and authorize need a
// demo-user login, and it must not start with the default secret (see config.ts, serve.ts).

/**
 * Whether a host name or address is loopback: `localhost` (and `*.localhost`, RFC 6761), 127.0.0.0/8, ::1.
 * @param host - A bind address or URL host name (IPv6 with or without brackets).
 * @returns True for loopback only; `0.0.0.0` and `::` (all interfaces) are not.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '::ffff:127.0.0.1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Whether the server is reachable beyond loopback: bound to a non-loopback interface, or announced at a public URL
 * that is not loopback (behind a proxy or tunnel).
 * @param host - The interface the server binds.
 * @param publicUrl - The configured public URL.
 * @returns True when a login is required.
 */
export function reachableBeyondLoopback(host: string, publicUrl: string): boolean {
  let urlHost = '';
  try {
    urlHost = new URL(publicUrl).hostname;
  } catch {
    return true;
  }
  return !isLoopbackHost(host) || !isLoopbackHost(urlHost);
}
