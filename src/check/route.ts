// The check page's place in the one-page app: `#check` after a launch shows it, anything else the patient view.
import { useEffect, useState } from 'react';

/** The hash that opens the check page. */
export const CHECK_HASH = '#check';

/**
 * Whether the check page is open, following the address bar's hash.
 * @returns True while the hash is `#check`.
 */
export function useCheckRoute(): boolean {
  const [open, setOpen] = useState(() => globalThis.location?.hash === CHECK_HASH);
  useEffect(() => {
    const follow = () => setOpen(globalThis.location.hash === CHECK_HASH);
    globalThis.addEventListener('hashchange', follow);
    return () => globalThis.removeEventListener('hashchange', follow);
  }, []);
  return open;
}
