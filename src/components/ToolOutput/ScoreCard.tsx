// A score or stage as a clinician reads it: the result, the inputs it used in words, and, prominently, the
// assumptions it rests on (an assumption changes the answer if it does not hold) and its caveats.

import type { ReactNode } from 'react';
import type { ClinicalScoreOutput, ScoreInputValue } from '../../../common/contracts/tools/clinical-score';
import { plainText } from '../../record/plain';
import { readableUnit } from '../../record/units';
import { flagWords } from './flag-words';

/** Tool-written text for a clinician: no identifiers, no parameter names. */
const words = (text: string): string => flagWords(plainText(text));

const inputValue = (i: ScoreInputValue): string => {
  const value = typeof i.value === 'boolean' ? (i.value ? 'yes' : 'no') : String(i.value);
  const unit = readableUnit(i.unit);
  return `${value}${unit ? ` ${unit}` : ''}${i.given ? ` (given as ${i.given})` : ''}`;
};

/**
 * What a result rests on, shown with it and never folded away.
 * @param props - Assumptions (change the answer if they do not hold) and notes (caveats).
 * @returns The list, or nothing.
 */
export function Caveats({ assumptions = [], notes = [] }: { assumptions?: string[]; notes?: string[] }): ReactNode {
  if (!assumptions.length && !notes.length) return null;
  return (
    <ul className="caveats">
      {assumptions.map((a) => (
        <li key={`a-${a}`} className="assumption" data-testid="assumption">
          <strong>Assumption:</strong> {words(a)}
        </li>
      ))}
      {notes.map((n) => (
        <li key={`n-${n}`} className="caveat" data-testid="caveat">
          <strong>Note:</strong> {words(n)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A clinical score (Child-Pugh, BCLC, ALBI…) with its interpretation, assumptions, inputs and source.
 * @param props - The score result.
 * @returns The card body.
 */
export function ScoreCard({ score }: { score: ClinicalScoreOutput }): ReactNode {
  const unit = readableUnit(score.unit);
  return (
    <div data-testid="score">
      <p className="response-category">
        {score.title}: {String(score.value)}
        {unit ? ` ${unit}` : ''}
      </p>
      <p>{words(score.interpretation)}</p>
      <Caveats assumptions={score.assumptions} notes={score.notes} />
      {score.inputs.length > 0 && (
        <dl className="score-inputs" data-testid="score-inputs">
          {score.inputs.map((i) => (
            <div key={i.name} className="fact">
              <dt>{i.name}</dt>
              <dd>{inputValue(i)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="muted">Source: {score.source}</p>
    </div>
  );
}
