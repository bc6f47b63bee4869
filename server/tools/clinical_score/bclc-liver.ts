// Liver function for BCLC staging: Child-Pugh class and the clinician's judgement, never Child-Pugh B as "preserved" by default.
import { ToolInputError } from '../types';

/** How liver function enters BCLC: decided (preserved or end-stage) or open (Child-Pugh B without a judgement). */
export type LiverFunction =
  | { status: 'decided'; preserved: boolean; notes: string[]; assumptions: string[] }
  | { status: 'open'; notes: string[] };

export interface LiverInputs {
  childPughClass?: 'A' | 'B' | 'C';
  liverFunctionPreserved?: boolean;
}

const CP_B_AS_PRESERVED =
  'Liver function taken as preserved although Child-Pugh class is B, on the clinical judgement given ' +
  '(liverFunctionPreserved: true). BCLC 2022 stages by preserved versus end-stage liver function, and Child-Pugh B is not taken as preserved by default.';

/**
 * Resolves liver function for BCLC from the Child-Pugh class and/or the clinician's judgement.
 * Child-Pugh A counts as preserved and C as end-stage; Child-Pugh B stays open unless the judgement is given, because
 * it spans nearly preserved to clearly decompensated liver function.
 * @param input - Child-Pugh class and/or the judgement (`liverFunctionPreserved`).
 * @returns The decision with any notes and assumptions, or `open` for Child-Pugh B without a judgement; throws
 *   ToolInputError on missing or contradictory inputs.
 */
export function resolveLiverFunction(input: LiverInputs): LiverFunction {
  const { childPughClass: cp, liverFunctionPreserved: flag } = input;
  if (cp === undefined && flag === undefined) {
    throw new ToolInputError('BCLC needs liver function: give childPughClass (A/B/C) and/or liverFunctionPreserved.');
  }
  if (cp === 'C' && flag === true) {
    throw new ToolInputError(
      'Contradictory liver function: Child-Pugh C is end-stage, but liverFunctionPreserved is true.'
    );
  }
  if (flag === true) {
    return { status: 'decided', preserved: true, notes: [], assumptions: cp === 'B' ? [CP_B_AS_PRESERVED] : [] };
  }
  if (flag === false) {
    const notes =
      cp === 'A' ? ['Child-Pugh A, but liver function was judged not preserved; the judgement was used.'] : [];
    return { status: 'decided', preserved: false, notes, assumptions: [] };
  }
  if (cp === 'B') {
    return {
      status: 'open',
      notes: [
        'Child-Pugh B spans nearly preserved to clearly decompensated liver function, so the BCLC stage needs a clinical ' +
          'judgement of liver function ' +
          '(for example refractory ascites or rising bilirubin argue for end-stage).',
      ],
    };
  }
  return { status: 'decided', preserved: cp === 'A', notes: [], assumptions: [] };
}
