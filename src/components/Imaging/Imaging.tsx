// Imaging studies with a thumbnail of the first series' middle image, the study's key facts, and "Open images" (the
// viewer) for a study whose images can be fetched.
import type { DiagnosticReport, DocumentReference, ImagingStudy, Resource } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { summarizeStudy, wadoTarget } from '../../imaging';
import { formatDate } from '../../record/format';
import { Card } from '../Card/Card';
import { useViewer } from '../Viewer/ViewerContext';
import { noStudiesText } from './imaging-reports';
import { Thumbnail } from './Thumbnail';

export interface ImagingProps {
  imagingStudies: ImagingStudy[];
  /** Included resources holding the studies' Endpoints. */
  included: Resource[];
  fhirBase: string;
  authorization: string | null;
  /** The record's reports and documents: imaging reports are named when there are no images. */
  reports?: DiagnosticReport[];
  documents?: DocumentReference[];
}

/**
 * Shows each study, newest first.
 * @param props - The studies, their Endpoints, the FHIR base and the Authorization header.
 * @returns The card.
 */
export function Imaging({
  imagingStudies,
  included,
  fhirBase,
  authorization,
  reports = [],
  documents = [],
}: ImagingProps): ReactNode {
  const viewer = useViewer();
  const studies = [...imagingStudies].sort((a, b) => (b.started ?? '').localeCompare(a.started ?? ''));
  return (
    <Card title="Imaging" testId="imaging" count={studies.length} empty={noStudiesText(reports, documents)}>
      <ul className="rows">
        {studies.map((study, i) => {
          const s = summarizeStudy(study);
          const target = wadoTarget(study, included, fhirBase, viewer?.pacsOrigins);
          return (
            <li key={study.id ?? i} className="study" data-testid="imaging-study">
              <div className="study-image">
                <Thumbnail target={target} authorization={target.ok && target.sendToken ? authorization : null} />
              </div>
              <div>
                <span className="row-title">{s.description}</span>
                <div className="row-meta">
                  <span>{formatDate(s.date)}</span>
                  <span>{s.modality}</span>
                </div>
                <div className="row-meta">
                  <span>
                    {s.seriesCount} series · {s.instanceCount} instances
                  </span>
                  {study.status !== 'available' && <span>{study.status}</span>}
                </div>
                {viewer && study.id && s.instanceCount > 0 && (
                  <button
                    type="button"
                    className="button button-quiet"
                    data-testid="open-study"
                    onClick={() => viewer.open({ studyId: study.id! })}
                  >
                    Open images
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
