// Narrows a JSON Schema (from zod or hand-written) to the subset llama.cpp grammars can enforce, so a local model's
// structured output and function arguments always parse. What the grammar cannot express (numeric bounds, patterns,
// most formats) is dropped here and still checked afterwards by the caller's zod schema.

type Json = Record<string, unknown>;

const PLAIN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const GRAMMAR_FORMATS = new Set(['date', 'date-time', 'time']);

/** Any JSON value, as the grammar spells it. */
const ANY: Json = {
  oneOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', additionalProperties: true },
    { type: 'array' },
  ],
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrites `#/definitions/x` (draft-07) to `#/$defs/x`, the only form the grammar builder resolves. */
const refOf = (ref: string): string => ref.replace(/^#\/definitions\//, '#/$defs/');

function withDescription(out: Json, from: Json): Json {
  return typeof from.description === 'string' ? { ...out, description: from.description } : out;
}

function convertType(schema: Json, type: string): Json {
  if (type === 'object') {
    const properties = isObject(schema.properties)
      ? Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, toGbnfSchema(v)]))
      : undefined;
    const extra = schema.additionalProperties;
    return {
      type: 'object',
      ...(properties ? { properties } : {}),
      ...(Array.isArray(schema.required) ? { required: schema.required.filter((k) => typeof k === 'string') } : {}),
      // JSON Schema allows unlisted keys unless told otherwise; the grammar forbids them unless told otherwise.
      // Keys a schema does not list are noise to the caller, so they stay forbidden when properties are listed.
      additionalProperties: isObject(extra) ? toGbnfSchema(extra) : properties ? extra === true : extra !== false,
      ...(typeof schema.minProperties === 'number' ? { minProperties: schema.minProperties } : {}),
      ...(typeof schema.maxProperties === 'number' ? { maxProperties: schema.maxProperties } : {}),
    };
  }
  if (type === 'array') {
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : [];
    return {
      type: 'array',
      ...(tuple.length ? { prefixItems: tuple.map(toGbnfSchema) } : {}),
      ...(isObject(schema.items) ? { items: toGbnfSchema(schema.items) } : {}),
      ...(typeof schema.minItems === 'number' ? { minItems: schema.minItems } : {}),
      ...(typeof schema.maxItems === 'number' ? { maxItems: schema.maxItems } : {}),
    };
  }
  if (type === 'string') {
    if (typeof schema.format === 'string' && GRAMMAR_FORMATS.has(schema.format))
      return { type: 'string', format: schema.format };
    return {
      type: 'string',
      ...(typeof schema.minLength === 'number' ? { minLength: schema.minLength } : {}),
      ...(typeof schema.maxLength === 'number' ? { maxLength: schema.maxLength } : {}),
    };
  }
  return PLAIN_TYPES.has(type) ? { type } : ANY;
}

/**
 * Converts one schema node (recursively).
 * @param node - A JSON Schema.
 * @returns A schema node node-llama-cpp's `createGrammarForJsonSchema` and function `params` accept.
 */
export function toGbnfSchema(node: unknown): Json {
  if (!isObject(node)) return ANY;
  const defsSource = isObject(node.$defs) ? node.$defs : isObject(node.definitions) ? node.definitions : undefined;
  const defs = defsSource
    ? { $defs: Object.fromEntries(Object.entries(defsSource).map(([k, v]) => [k, toGbnfSchema(v)])) }
    : {};
  const done = (out: Json): Json => ({ ...withDescription(out, node), ...defs });

  if (typeof node.$ref === 'string') return done({ $ref: refOf(node.$ref) });
  if ('const' in node) return done({ const: node.const });
  if (Array.isArray(node.enum)) return done({ enum: node.enum });
  const alternatives = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (alternatives) return done({ oneOf: alternatives.map(toGbnfSchema) });
  if (Array.isArray(node.allOf) && node.allOf.length === 1) return done(toGbnfSchema(node.allOf[0]));

  const { type } = node;
  if (typeof type === 'string') return done(convertType(node, type));
  if (Array.isArray(type)) {
    const types = type.filter((t): t is string => typeof t === 'string');
    if (types.length > 0 && types.every((t) => PLAIN_TYPES.has(t) && t !== 'string')) return done({ type: types });
    return done({ oneOf: types.map((t) => convertType(node, t)) });
  }
  if (isObject(node.properties)) return done(convertType(node, 'object'));
  if ('items' in node) return done(convertType(node, 'array'));
  return done(ANY);
}
