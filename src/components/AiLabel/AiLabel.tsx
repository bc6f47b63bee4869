// The labels that keep machine output honest: every AI-made item says it is unreviewed, demo models say so too.
import type { ReactNode } from 'react';

/**
 * Marks an item as machine-generated and not yet reviewed by a clinician.
 * @returns The label.
 */
export function AiLabel(): ReactNode {
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
