// Lets any card open the image viewer (the imaging card, a lesion's measurement) and keeps the clinician's re-measured
// lesions for the workup: the report shows them and the write-back plan signs them.
import type Client from 'fhirclient/lib/Client';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { WorkupResult, WorkupToolCall } from '../../../common/contracts';
import type { PatientRecord } from '../../../common/record/patient-record';
import { fhirBase } from '../../fhir/load-record';
import { browserApi } from '../../workup/api';
import { studyLesions } from './lesions';
import { adjustedCall, requestRemeasure } from './remeasure';
import { Viewer } from './Viewer';

/** What to open: a study, optionally at a lesion's slice. */
export interface ViewerTarget {
  studyId: string;
  /** Select this measured lesion (a segment_lesion call id). */
  callId?: string;
}

export interface ViewerControls {
  open: (target: ViewerTarget) => void;
  /** The re-measured version of a call, when the clinician adjusted it. */
  adjusted: (callId: string) => WorkupToolCall | undefined;
  /** The workup's calls with the adjusted ones in place (what the viewer draws). */
  calls: WorkupToolCall[];
  /** Called by the workup card with its finished result. */
  share: (workup: WorkupResult | undefined) => void;
  /** The id of the workup shared last (the adjustments are about it). */
  workupId?: string;
  /** The record's name of a measured lesion (e.g. "Segment VII lesion"), by segment_lesion call id. */
  lesionLabel: (callId: string) => string | undefined;
  /** Image servers on other origins the server lists (ONCOAGENT_PACS_ORIGINS); they never get the token. */
  pacsOrigins: readonly string[];
}

const Context = createContext<ViewerControls | null>(null);

/** The viewer controls, or null outside a {@link ViewerProvider} (e.g. a component test). */
export const useViewer = (): ViewerControls | null => useContext(Context);

async function configuredPacsOrigins(): Promise<string[]> {
  try {
    const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { pacsOrigins?: unknown };
    return Array.isArray(body.pacsOrigins) ? body.pacsOrigins.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

export interface ViewerProviderProps {
  record: PatientRecord;
  client: Client;
  /** Image servers on other origins (default: read from /api/config). */
  pacsOrigins?: string[];
  children: ReactNode;
}

/**
 * Holds the viewer's state for one patient view and draws the viewer when open.
 * @param props - The record, the SMART client, and the page.
 * @returns The page, and the viewer over it.
 */
export function ViewerProvider({ record, client, pacsOrigins, children }: ViewerProviderProps): ReactNode {
  const [target, setTarget] = useState<ViewerTarget | null>(null);
  const [workup, setWorkup] = useState<WorkupResult | undefined>();
  const [adjustments, setAdjustments] = useState<Map<string, WorkupToolCall>>(new Map());
  const [origins, setOrigins] = useState<string[]>(pacsOrigins ?? []);
  useEffect(() => {
    if (pacsOrigins) return;
    let live = true;
    void configuredPacsOrigins().then((o) => live && setOrigins(o));
    return () => {
      live = false;
    };
  }, [pacsOrigins]);

  const share = useCallback((next: WorkupResult | undefined) => {
    setWorkup((previous) => {
      // Another workup: the adjustments were about the previous one's measurements.
      if (previous?.id !== next?.id) setAdjustments(new Map());
      return next;
    });
  }, []);
  const calls = useMemo(() => (workup?.toolCalls ?? []).map((c) => adjustments.get(c.id) ?? c), [workup, adjustments]);
  const labels = useMemo(
    () =>
      new Map(
        record.imagingStudies.flatMap((s) =>
          studyLesions(calls, record, s.id ?? '').map((l) => [l.callId, l.label] as const)
        )
      ),
    [calls, record]
  );
  const api = useMemo(() => browserApi(client), [client]);
  const remeasure = useCallback(
    async (call: WorkupToolCall, request: Parameters<typeof requestRemeasure>[1]) => {
      const answer = await requestRemeasure(api, request);
      setAdjustments((m) => new Map(m).set(call.id, adjustedCall(call, request, answer)));
    },
    [api]
  );
  const controls = useMemo<ViewerControls>(
    () => ({
      open: setTarget,
      adjusted: (id) => adjustments.get(id),
      calls,
      share,
      workupId: workup?.id,
      lesionLabel: (id) => labels.get(id),
      pacsOrigins: origins,
    }),
    [adjustments, calls, share, workup?.id, labels, origins]
  );
  return (
    <Context.Provider value={controls}>
      {children}
      {target && (
        <Viewer
          target={target}
          record={record}
          calls={calls}
          fhirBase={fhirBase(client)}
          authorization={client.getAuthorizationHeader()}
          pacsOrigins={origins}
          onRemeasure={remeasure}
          onClose={() => setTarget(null)}
        />
      )}
    </Context.Provider>
  );
}

/**
 * The workup as the clinician will sign it: re-measured lesions in place of the automated ones. Shares the workup
 * with the viewer so it draws its lesions.
 * @param result - The finished workup, if any.
 * @returns The workup with adjustments, and a key that changes with each adjustment (to re-review the plan).
 */
export function useViewerWorkup(result: WorkupResult | undefined): { workup?: WorkupResult; key: string } {
  const viewer = useViewer();
  const share = viewer?.share;
  useEffect(() => share?.(result), [share, result]);
  return useMemo(() => {
    if (!result) return { key: '' };
    if (!viewer || viewer.workupId !== result.id) return { workup: result, key: result.id };
    const changed = result.toolCalls.flatMap((c) => viewer.adjusted(c.id) ?? []);
    if (changed.length === 0) return { workup: result, key: result.id };
    const version = changed.map((c) => JSON.stringify((c.args as { box?: unknown } | null)?.box)).join('|');
    return { workup: { ...result, toolCalls: viewer.calls }, key: `${result.id}:${version}` };
  }, [result, viewer]);
}
