// Writes models/demo-mil-crc/model.onnx, the hand-set demo attention-MIL model, byte for byte as the manifest expects.
// Run: npx tsx scripts/make-demo-mil-model.ts
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildDemoMilModel, DEMO_MODEL_ID } from '../server/tools/predict_biomarkers/demo-model';

const modelsDir = resolve(import.meta.dirname, '../models');
const target = resolve(modelsDir, DEMO_MODEL_ID, 'model.onnx');
const bytes = buildDemoMilModel();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, bytes);
const sha256 = createHash('sha256').update(bytes).digest('hex');
console.log(`wrote ${target} (${bytes.length} bytes)\nsha256 ${sha256}`);

const manifest = JSON.parse(readFileSync(resolve(modelsDir, 'manifest.json'), 'utf8')) as {
  models: { id: string; sha256?: Record<string, string> }[];
};
const listed = manifest.models.find((m) => m.id === DEMO_MODEL_ID)?.sha256?.model;
if (listed !== sha256) {
  console.error(`models/manifest.json lists ${listed ?? 'no sha256'} for ${DEMO_MODEL_ID}: update it to ${sha256}`);
  process.exitCode = 1;
}
