// The patient banner: who this is (name, gender, age, MRN) and the primary cancer the board is about.
import type { Condition, Patient } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { ageLabel, medicalRecordNumber } from '../../record/age';
import { primaryCancer } from '../../record/conditions';
import { conceptText, formatDate, formatName } from '../../record/format';
import { conditionStage } from '../../record/stage';

export interface BannerProps {
  patient: Patient;
  conditions: Condition[];
}

function cancerLabel(cancer: Condition | undefined): string {
  if (!cancer) {
    return 'No active cancer diagnosis recorded';
  }
  const name = conceptText(cancer.code) ?? 'Cancer (unnamed)';
  const stage = conditionStage(cancer);
  const onset = cancer.onsetDateTime ?? cancer.onsetPeriod?.start ?? cancer.recordedDate;
  return [name, stage, onset && `since ${formatDate(onset)}`].filter(Boolean).join(' · ');
}

/**
 * Shows the patient's identity and primary cancer.
 * @param props - The Patient and all Conditions.
 * @returns The banner.
 */
export function Banner({ patient, conditions }: BannerProps): ReactNode {
  const mrn = medicalRecordNumber(patient);
  return (
    <section className="banner" aria-label="Patient">
      <div className="banner-identity">
        <h1 className="banner-name" data-testid="patient-name">
          {formatName(patient.name)}
        </h1>
        <dl className="banner-facts">
          <div>
            <dt>Gender</dt>
            <dd data-testid="patient-gender">{patient.gender ?? 'unknown'}</dd>
          </div>
          <div>
            <dt>Age</dt>
            <dd data-testid="patient-age">{ageLabel(patient)}</dd>
          </div>
          <div>
            <dt>Born</dt>
            <dd>{formatDate(patient.birthDate)}</dd>
          </div>
          <div>
            <dt>MRN</dt>
            <dd data-testid="patient-mrn">{mrn ?? '—'}</dd>
          </div>
        </dl>
      </div>
      <p className="banner-cancer">
        <span className="label">Primary cancer</span>
        <span data-testid="primary-cancer">{cancerLabel(primaryCancer(conditions))}</span>
      </p>
    </section>
  );
}
