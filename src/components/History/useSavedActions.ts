// The session side of the history's sign and discard: who is acting (fhirUser and their name), whether the granted
// scopes allow the change, and the change itself sent with the clinician's own token.
import type Client from 'fhirclient/lib/Client';
import { useMemo } from 'react';
import { clientTransport } from '../../writeback/commit';
import { applySavedAction, missingActionAccess, type SavedActionReport } from '../../writeback/saved-commit';
import type { Actor, SavedAction, SavedResource } from '../../writeback/saved-review';
import { signerOf } from '../../writeback/scopes';
import { signerName } from '../../writeback/signer';

/** What the history needs from the session, so the view can be tested without one. */
export interface SavedActions {
  /** The acting clinician, or null when the EHR did not identify one. */
  actor: () => Promise<Actor | null>;
  /** Signs or discards; resolves with what was changed (never rejects for server answers). */
  apply: (resources: SavedResource[], action: SavedAction, reason?: string) => Promise<SavedActionReport>;
}

const refusal = (message: string): SavedActionReport => ({
  ok: false,
  done: [],
  refused: [],
  provenance: false,
  message,
});

/**
 * The history's actions for a SMART session.
 * @param client - The fhirclient Client.
 * @returns Actor lookup and the action.
 */
export function useSavedActions(client: Client): SavedActions {
  return useMemo(() => {
    const transport = clientTransport(client);
    const actor = async (): Promise<Actor | null> => {
      const reference = signerOf(client.getFhirUser());
      if (!reference) return null;
      const display = await signerName(client);
      return { reference, ...(display ? { display } : {}) };
    };
    const apply = async (resources: SavedResource[], action: SavedAction, reason?: string) => {
      const who = await actor();
      if (!who) {
        return refusal(
          'OncoAgent cannot tell who you are: the EHR did not identify you as a clinician in this session. ' +
            'Nothing was changed. Relaunch OncoAgent from the EHR.'
        );
      }
      const granted = client.state.tokenResponse?.scope ?? client.state.scope ?? '';
      const missing = missingActionAccess(granted, resources);
      if (missing.length) {
        return refusal(
          `Your EHR session does not allow this change (missing scopes: ${missing.join(', ')}); nothing was ` +
            'changed. Ask your EHR administrator to grant these scopes to OncoAgent, then relaunch it.'
        );
      }
      try {
        await client.refreshIfNeeded();
      } catch {
        // An expired session shows up as the EHR's 401 in the report.
      }
      return applySavedAction(transport, resources, action, who, reason);
    };
    return { actor, apply };
  }, [client]);
}
