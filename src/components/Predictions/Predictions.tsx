// Biomarker predictions from histology with the model's validation status in plain sight.
import type { ReactNode } from 'react';
import type { PredictionView } from '../../workup/tool-views';
import { ValidationLabel } from '../AiLabel/AiLabel';

/**
 * Shows one predict_biomarkers result.
 * @param props - The predictions, model and disclaimer.
 * @returns The table with its labels.
 */
export function Predictions({ view }: { view: PredictionView }): ReactNode {
  return (
    <div className="predictions" data-testid="predictions">
      {view.validationLabel && <ValidationLabel text={view.validationLabel} demo={view.demo} />}
      <table className="table table-compact">
        <thead>
          <tr>
            <th scope="col">Biomarker</th>
            <th scope="col">Predicted</th>
            <th scope="col">Probability</th>
            <th scope="col">Threshold</th>
          </tr>
        </thead>
        <tbody>
          {view.predictions.map((p) => (
            <tr key={p.target}>
              <th scope="row">{p.target}</th>
              <td>{p.label}</td>
              <td>{p.probability === undefined ? '—' : `${(p.probability * 100).toFixed(1)} %`}</td>
              <td>{p.threshold === undefined ? '—' : p.threshold}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Model {view.model.id} {view.model.version} · validation: {view.model.validation}
      </p>
      {view.disclaimer && <p className="disclaimer">{view.disclaimer}</p>}
    </div>
  );
}
