// Device resources for the software behind each output: the workup agent, the models and the segmentation engines,
// each with its version and validation status (AI Transparency IG device type for AI systems).
import type { CodeableConcept, Device } from '@medplum/fhirtypes';
import type { WorkupMode } from '../../common/contracts';
import { VERSION } from '../config/version';
import { CS, DEVICE_SYSTEM, ours, PROFILE, SYS } from './codes';

export type ValidationStatus =
  | 'demo-not-clinically-validated'
  | 'research-use-only'
  | 'not-clinically-validated'
  | 'clinically-validated';

const VALIDATION_DISPLAY: Record<ValidationStatus, string> = {
  'demo-not-clinically-validated': 'Demo model, not clinically validated',
  'research-use-only': 'Research use only',
  'not-clinically-validated': 'Not clinically validated',
  'clinically-validated': 'Clinically validated',
};

/** What the plan needs to know about one piece of software. */
export interface DeviceSpec {
  /** `<id>@<version>`: the identifier value and the item key. */
  key: string;
  name: string;
  version: string;
  /** Our device kind (oncoagent-device), also the type when the software is not AI. */
  kind: 'workup-agent' | 'image-segmentation' | 'histology-biomarker-model';
  /** AI Transparency "kind of AI" code, for AI systems; absent for deterministic engines. */
  aiKind?: 'Rule-Based-Systems' | 'Deep-Learning-Models' | 'Vision-Foundation-Models' | 'Large-Language-Models';
  validation: ValidationStatus;
  note: string;
  /** Agent only: how it reasoned. */
  mode?: WorkupMode;
}

const AI_KIND_URL = 'http://hl7.org/fhir/uv/aitransparency/StructureDefinition/aitransparency.AIKind';

/** The app's version (package.json, read once by the config module) names the agent Device. */
export const AGENT_VERSION: string = VERSION;

/** The workup agent itself. */
export function agentSpec(mode: WorkupMode): DeviceSpec {
  const how = mode === 'none' ? 'rules planner, no language model' : `language model (${mode})`;
  return {
    key: `oncoagent-agent@${AGENT_VERSION}`,
    name: 'OncoAgent workup agent',
    version: AGENT_VERSION,
    kind: 'workup-agent',
    aiKind: mode === 'none' ? 'Rule-Based-Systems' : 'Large-Language-Models',
    validation: 'not-clinically-validated',
    note: `OncoAgent ${AGENT_VERSION} workup agent (${how}). Not clinically validated: every output is preliminary until a clinician reviews and signs it.`,
    mode,
  };
}

/** The engine (and model, for MedSAM) that drew a segmentation outline. */
export function engineSpec(out: {
  engine: 'classical' | 'medsam';
  engineVersion: string;
  model?: { id: string; version: string; validation: string };
  disclaimer: string;
}): DeviceSpec {
  if (out.engine === 'medsam' && out.model) {
    return {
      key: `${out.model.id}@${out.model.version}`,
      name: `MedSAM segmentation model (${out.model.id})`,
      version: out.model.version,
      kind: 'image-segmentation',
      aiKind: 'Vision-Foundation-Models',
      validation: asValidation(out.model.validation),
      note: `${out.disclaimer} Model card: models/${out.model.id} of the OncoAgent distribution.`,
    };
  }
  return {
    key: `classical-segmentation@${out.engineVersion}`,
    name: 'OncoAgent classical threshold segmentation',
    version: out.engineVersion,
    kind: 'image-segmentation',
    validation: 'not-clinically-validated',
    note: out.disclaimer,
  };
}

/** A histology biomarker model from the model manifest. */
export function modelSpec(model: { id: string; version: string; validation: string }, disclaimer: string): DeviceSpec {
  return {
    key: `${model.id}@${model.version}`,
    name: `Histology biomarker model ${model.id}`,
    version: model.version,
    kind: 'histology-biomarker-model',
    aiKind: 'Deep-Learning-Models',
    validation: asValidation(model.validation),
    note: `${disclaimer} Model card: models/${model.id} of the OncoAgent distribution.`,
  };
}

function asValidation(value: string): ValidationStatus {
  return value in VALIDATION_DISPLAY ? (value as ValidationStatus) : 'not-clinically-validated';
}

/** The display of a validation status code. */
export const validationDisplay = (status: ValidationStatus): string => VALIDATION_DISPLAY[status];

/**
 * The Device resource of a spec.
 * @param spec - The software.
 * @returns A Device conforming to oncoagent-device.
 */
export function deviceResource(spec: DeviceSpec): Device {
  const kind = ours(CS.device, spec.kind, kindDisplay(spec.kind));
  const type: CodeableConcept = spec.aiKind
    ? {
        coding: [
          {
            system: SYS.aiDeviceType,
            code: 'Artificial-Intelligence',
            display: 'All kinds of Artificial Intelligence',
          },
          ...(kind.coding ?? []),
        ],
        text: kind.text,
      }
    : kind;
  return {
    resourceType: 'Device',
    meta: { profile: [PROFILE.device] },
    ...(spec.aiKind
      ? {
          extension: [
            { url: AI_KIND_URL, valueCodeableConcept: { coding: [{ system: SYS.aiDeviceType, code: spec.aiKind }] } },
          ],
        }
      : {}),
    identifier: [{ system: DEVICE_SYSTEM, value: spec.key }],
    status: 'active',
    deviceName: [{ name: spec.name, type: 'user-friendly-name' }],
    type,
    version: [{ value: spec.version }],
    property: [
      {
        type: ours(CS.device, 'validation-status', 'Validation status'),
        valueCode: [ours(CS.validation, spec.validation, VALIDATION_DISPLAY[spec.validation])],
      },
      ...(spec.mode ? [{ type: ours(CS.device, 'run-mode', 'Run mode'), valueCode: [{ text: spec.mode }] }] : []),
    ],
    note: [{ text: spec.note }],
  };
}

function kindDisplay(kind: DeviceSpec['kind']): string {
  if (kind === 'workup-agent') return 'Tumor board workup agent';
  return kind === 'image-segmentation' ? 'Image segmentation engine' : 'Histology biomarker model';
}
