// Imaging studies with a thumbnail of the first series' middle image and the study's key facts.
import type { ImagingStudy, Resource } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { summarizeStudy, wadoTarget } from '../../imaging';
import { formatDate } from '../../record/format';
import { Card } from '../Card/Card';
import { Thumbnail } from './Thumbnail';

export interface ImagingProps {
  imagingStudies: ImagingStudy[];
  /** Included resources holding the studies' Endpoints. */
  included: Resource[];
  fhirBase: string;
  authorization: string | null;
}

/**
 * Shows each study, newest first.
 * @param props - The studies, their Endpoints, the FHIR base and the Authorization header.
 * @returns The card.
 */
export function Imaging({ imagingStudies, included, fhirBase, authorization }: ImagingProps): ReactNode {
  const studies = [...imagingStudies].sort((a, b) => (b.started ?? '').localeCompare(a.started ?? ''));
  return (
    <Card title="Imaging" testId="imaging" count={studies.length} empty="No imaging studies recorded.">
      <ul className="rows">
        {studies.map((study, i) => {
          const s = summarizeStudy(study);
          return (
            <li key={study.id ?? i} className="study" data-testid="imaging-study">
              <div className="study-image">
                <Thumbnail target={wadoTarget(study, included, fhirBase)} authorization={authorization} />
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
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
