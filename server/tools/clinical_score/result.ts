// The shape every score result shares: inputs after unit conversion, value, interpretation and source.

export interface ScoreInputValue {
  name: string;
  value: number | string | boolean;
  unit?: string;
  /** The value as given when it was converted (e.g. "50 µmol/L"). */
  given?: string;
}

export interface ScoreResult<S extends string = string, V = number | string> {
  score: S;
  title: string;
  /** Inputs in the units the formula uses. */
  inputs: ScoreInputValue[];
  value: V;
  unit?: string;
  interpretation: string;
  /** Publication that defines the score or the rule used. */
  source: string;
  /** Caveats the clinician should see with this result. */
  notes?: string[];
  /** Assumptions the result rests on, or that it needs and did not make (e.g. BCLC: liver function in Child-Pugh B). */
  assumptions?: string[];
}
