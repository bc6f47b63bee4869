// The labels that keep machine output honest: every AI-made item says it is unreviewed until a clinician signs it,
// then says who signed; demo models say so too.
import { createContext, type ReactNode, useContext } from 'react';
import { formatDate } from '../../record/format';
import type { Signature } from '../../record/signed';

/** Set by a signed report: the AI labels inside it then name the signer instead of "not reviewed". */
export const SignatureContext = createContext<Signature | undefined>(undefined);

/**
 * "Reviewed and signed by Dr X on 3 Dec 2026", in words (a name, never a reference).
 * @param signature - Who signed and when.
 * @returns The sentence.
 */
export function signedText(signature: Signature): string {
  const by = signature.by ? ` by ${signature.by}` : '';
  const at = signature.at ? ` on ${formatDate(signature.at)}` : '';
  return `${signature.status === 'amended' || signature.status === 'corrected' ? 'Amended' : 'Reviewed and signed'}${by}${at}`;
}

/**
 * Marks an item as machine-generated and not yet reviewed by a clinician, or, inside a signed report, as signed.
 * @returns The label.
 */
export function AiLabel(): ReactNode {
  const signature = useContext(SignatureContext);
  if (signature) {
    return (
      <span className="ai-label ai-label-signed" data-testid="signed-label">
        Machine-generated · {signedText(signature)}
      </span>
    );
  }
  return (
    <span className="ai-label" data-testid="ai-label">
      Machine-generated, preliminary — not reviewed
    </span>
  );
}

export interface ValidationLabelProps {
  /** e.g. "Demo model — not clinically validated". */
  text: string;
  /** A demo model: gets the demo test id the e2e checks. */
  demo: boolean;
}

/**
 * States a model's validation status next to its predictions.
 * @param props - The text and whether the model is a demo.
 * @returns The label.
 */
export function ValidationLabel({ text, demo }: ValidationLabelProps): ReactNode {
  return (
    <span className="validation-label" data-testid={demo ? 'demo-model-label' : 'validation-label'}>
      {text}
    </span>
  );
}
