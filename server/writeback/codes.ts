// The code systems, codes and profile URLs the write-back builders use, so no builder spells a URL or code twice.
// External codes (SNOMED CT, LOINC, HL7) appear only where mCODE, Genomics Reporting or AI Transparency use them.
import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import { CANONICAL_BASE, canonical } from '../fhir/canonical';

export { DEVICE_SYSTEM, WORKUP_ITEM_SYSTEM } from '../../common/writeback/systems';
/** Identifier system of knowledge inputs (guideline documents, variant knowledge bases, model cards). */
export const KNOWLEDGE_SYSTEM = `${CANONICAL_BASE}/identifier/knowledge`;

/** Our own code systems (files `fhir-profiles/CodeSystem/<id>.json`). */
export const CS = {
  observation: canonical('CodeSystem', 'oncoagent-observation'),
  recist: canonical('CodeSystem', 'oncoagent-recist-response'),
  biomarkerCall: canonical('CodeSystem', 'oncoagent-biomarker-call'),
  evidenceLevel: canonical('CodeSystem', 'oncoagent-evidence-level'),
  therapyEffect: canonical('CodeSystem', 'oncoagent-therapy-effect'),
  device: canonical('CodeSystem', 'oncoagent-device'),
  validation: canonical('CodeSystem', 'oncoagent-validation-status'),
  outputLabel: canonical('CodeSystem', 'oncoagent-output-label'),
} as const;

/** External systems. */
export const SYS = {
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  ucum: 'http://unitsofmeasure.org',
  obsCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  diagnosticService: 'http://terminology.hl7.org/CodeSystem/v2-0074',
  obsValue: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
  dataOperation: 'http://terminology.hl7.org/CodeSystem/v3-DataOperation',
  provenanceParticipant: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
  provenanceEntityRole: 'http://hl7.org/fhir/provenance-entity-role',
  genomicsTbd: 'http://hl7.org/fhir/uv/genomics-reporting/CodeSystem/tbd-codes-cs',
  aiDeviceType: 'http://hl7.org/fhir/uv/aitransparency/CodeSystem/AIdeviceTypeCS',
} as const;

/** Our profiles (files `fhir-profiles/StructureDefinition/<id>.json`). */
export const PROFILE = {
  biomarkerPrediction: canonical('StructureDefinition', 'oncoagent-ai-biomarker-prediction'),
  lesionMeasurement: canonical('StructureDefinition', 'oncoagent-lesion-measurement'),
  recistResponse: canonical('StructureDefinition', 'oncoagent-recist-response'),
  therapeuticImplication: canonical('StructureDefinition', 'oncoagent-therapeutic-implication'),
  tnmStageGroup: canonical('StructureDefinition', 'oncoagent-tnm-stage-group'),
  tnmCategory: canonical('StructureDefinition', 'oncoagent-tnm-category'),
  workupReport: canonical('StructureDefinition', 'oncoagent-workup-report'),
  device: canonical('StructureDefinition', 'oncoagent-device'),
  provenance: canonical('StructureDefinition', 'oncoagent-provenance'),
} as const;

const MCODE = 'http://hl7.org/fhir/us/mcode/StructureDefinition';
/** mCODE STU4 (hl7.fhir.us.mcode@4.0.0) profiles our outputs claim beside ours (README "Outputs"). */
export const MCODE_PROFILE = {
  primaryTumorCategory: `${MCODE}/mcode-tnm-primary-tumor-category`,
  regionalNodesCategory: `${MCODE}/mcode-tnm-regional-nodes-category`,
  distantMetastasesCategory: `${MCODE}/mcode-tnm-distant-metastases-category`,
  stageGroup: `${MCODE}/mcode-tnm-stage-group`,
} as const;

/** "Artificial Intelligence asserted": the security label on every resource the workup made. */
export const AIAST: Coding = { system: SYS.obsValue, code: 'AIAST', display: 'Artificial Intelligence asserted' };

/** The tag on every resource derived from a model that is not clinically validated. */
export const NOT_VALIDATED_TAG: Coding = {
  system: CS.outputLabel,
  code: 'not-clinically-validated',
  display: 'Not clinically validated',
};

/** AJCC 8th edition as the staging method (SNOMED CT, as mCODE's TNMStagingMethodVS lists it). */
export const AJCC8_METHOD: CodeableConcept = {
  coding: [
    {
      system: SYS.snomed,
      code: '897275008',
      display:
        'American Joint Commission on Cancer, Cancer Staging Manual, 8th edition neoplasm staging system (tumor staging)',
    },
  ],
  text: 'AJCC 8th edition',
};

/** A CodeableConcept of one of our codes, with the display repeated as text. */
export function ours(system: string, code: string, display: string): CodeableConcept {
  return { coding: [{ system, code, display }], text: display };
}

/** A code of the oncoagent-observation system (Observation.code, component codes, the report code). */
export function obsCode(code: string, display: string): CodeableConcept {
  return ours(CS.observation, code, display);
}

/** Observation category `imaging` / `laboratory` from the HL7 observation-category system. */
export function category(code: 'imaging' | 'laboratory', display: string): CodeableConcept {
  return { coding: [{ system: SYS.obsCategory, code, display }] };
}
