// Keeps the synoptic forms the pathologist approved in this session, for the next write-back plan. One form per
// template: the plan keys a form by its template, so a later approval of the same template replaces the earlier one.
import { useCallback, useMemo, useState } from 'react';
import type { SynopticInput } from '../../../common/contracts';
import type { Approval } from '../../synoptic/api';

interface Approved {
  report: string;
  template: string;
  input: SynopticInput;
}

export interface ApprovedForms {
  /** The forms to write, in approval order. */
  forms: SynopticInput[];
  /** Records an approval of the form of `report` (`DiagnosticReport/<id>`). */
  approve: (report: string, approval: Approval) => void;
  /** The report whose form of the same template an approval replaced, if any (shown to the pathologist). */
  replaced?: { report: string; by: string };
}

/**
 * The approved synoptic forms of the patient view.
 * @returns The forms and the approve action.
 */
export function useApprovedForms(): ApprovedForms {
  const [state, setState] = useState<{ list: Approved[]; replaced?: ApprovedForms['replaced'] }>({ list: [] });
  const approve = useCallback((report: string, approval: Approval) => {
    const template = (approval.response.questionnaire ?? '').split('|')[0] ?? '';
    const input = { questionnaireResponse: approval.response, observations: approval.observations };
    setState(({ list }) => {
      const earlier = list.find((a) => a.template === template && a.report !== report);
      return {
        list: [...list.filter((a) => a.template !== template), { report, template, input }],
        replaced: earlier ? { report: earlier.report, by: report } : undefined,
      };
    });
  }, []);
  const forms = useMemo(() => state.list.map((a) => a.input), [state.list]);
  const replaced = state.replaced;
  return { forms, approve, replaced };
}
