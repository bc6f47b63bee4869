// Generates values from a JSON Schema (the tools' parameter schemas), mostly valid and sometimes subtly wrong, so
// fuzzing reaches a tool's execute function and not only its argument check.
import { HOSTILE_STRINGS, type Rng, randomJson } from './fuzz';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are open-ended
type Schema = any;

function stringFor(node: Schema, rng: Rng): string {
  if (node.const !== undefined) return String(node.const);
  if (rng.bool(0.25)) return rng.pick(HOSTILE_STRINGS).slice(0, node.maxLength ?? 100_000);
  const samples = [
    'KRAS',
    'G12C',
    'colorectal',
    'liver-seg7',
    'T3',
    'N1',
    'M1a',
    '2 + 3 * (4 - 1)',
    'sqrt(16) / 0',
    '1e308 * 10',
    '(((((((((((((((((((((1)))))))))))))))))))))',
    'ImagingStudy/does-not-exist/series/1.2/instances/1.2.3',
    'DocumentReference/nope',
    'Binary/nope',
    'http://127.0.0.1:9/x',
    'nonexistent-file.dcm',
    'mg/dL',
    'µmol/L',
  ];
  const s = rng.pick(samples);
  return s.slice(0, node.maxLength ?? s.length);
}

function numberFor(node: Schema, rng: Rng): number {
  const min = node.minimum ?? node.exclusiveMinimum ?? -1000;
  const max = node.maximum ?? node.exclusiveMaximum ?? 1000;
  if (rng.bool(0.1)) return rng.pick([0, -1, 1e308, -1e308, 0.1, 2 ** 53]);
  const lo = Math.max(min, -1e6);
  const hi = Math.min(max, 1e6);
  const v = lo + rng.float() * (hi - lo);
  return node.type === 'integer' ? Math.round(v) : Math.round(v * 100) / 100;
}

/**
 * A value for a schema node: valid most of the time, a random or hostile value now and then.
 * @param node - The JSON Schema (sub)tree.
 * @param rng - The seeded source.
 * @param depth - Recursion guard.
 * @returns The value.
 */
export function fromSchema(node: Schema, rng: Rng, depth = 0): unknown {
  if (!node || depth > 8 || rng.bool(0.04)) return randomJson(rng, 2);
  const options = node.oneOf ?? node.anyOf;
  if (options) return fromSchema(rng.pick(options), rng, depth + 1);
  if (node.enum) return rng.bool(0.95) ? rng.pick(node.enum) : 'not-an-option';
  if (node.const !== undefined) return node.const;
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(node.required ?? []);
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        if (required.has(key) ? rng.bool(0.97) : rng.bool(0.5)) out[key] = fromSchema(child, rng, depth + 1);
      }
      if (rng.bool(0.05)) out[rng.pick(['__proto__', 'extra', 'constructor'])] = randomJson(rng, 1);
      return out;
    }
    case 'array': {
      const min = node.minItems ?? 0;
      const max = Math.min(node.maxItems ?? 6, 12);
      const n = min + rng.int(Math.max(1, max - min + 1));
      return Array.from({ length: n }, () => fromSchema(node.items, rng, depth + 1));
    }
    case 'string':
      return stringFor(node, rng);
    case 'integer':
    case 'number':
      return numberFor(node, rng);
    case 'boolean':
      return rng.bool();
    default:
      return randomJson(rng, 1);
  }
}
