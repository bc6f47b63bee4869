// The JSON Schema → grammar-schema narrowing: kept keywords, dropped ones, nullable unions, refs and "any" values.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toGbnfSchema } from './gbnf-schema';

describe('toGbnfSchema', () => {
  it('keeps structure, enums, lengths and item counts; drops bounds and patterns the grammar cannot hold', () => {
    const schema = z.toJSONSchema(
      z.object({
        site: z
          .string()
          .min(1)
          .max(40)
          .regex(/^[a-z]+$/),
        diameterMm: z.number().positive().max(400),
        count: z.number().int().min(0),
        trend: z.enum(['progression', 'stable']),
        boxes: z.array(z.number()).min(4).max(4),
      }),
      { io: 'input' }
    );
    const out = toGbnfSchema(schema);
    expect(out).toEqual({
      type: 'object',
      properties: {
        site: { type: 'string', minLength: 1, maxLength: 40 },
        diameterMm: { type: 'number' },
        count: { type: 'integer' },
        trend: { enum: ['progression', 'stable'] },
        boxes: { type: 'array', items: { type: 'number' }, minItems: 4, maxItems: 4 },
      },
      required: ['site', 'diameterMm', 'count', 'trend', 'boxes'],
      additionalProperties: false,
    });
    expect(JSON.stringify(out)).not.toMatch(/pattern|exclusiveMinimum|maximum|\$schema/);
  });

  it('turns nullable and union types into oneOf, and keeps constants', () => {
    const out = toGbnfSchema(
      z.toJSONSchema(z.object({ v: z.string().nullable(), k: z.literal('a'), n: z.union([z.number(), z.boolean()]) }))
    );
    expect(out.properties).toEqual({
      v: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      k: { const: 'a' },
      n: { type: ['number', 'boolean'] },
    });
  });

  it('allows any keys in a free-form object and any value where the schema says nothing', () => {
    expect(toGbnfSchema({ type: 'object' })).toEqual({ type: 'object', additionalProperties: true });
    expect(toGbnfSchema({ type: 'object', properties: { a: { type: 'string' } } }).additionalProperties).toBe(false);
    const any = toGbnfSchema({ description: 'anything' });
    expect(any.description).toBe('anything');
    expect(any.oneOf).toHaveLength(3);
    expect(toGbnfSchema({ type: 'string', format: 'date' })).toEqual({ type: 'string', format: 'date' });
    expect(toGbnfSchema({ type: 'string', format: 'uri' })).toEqual({ type: 'string' });
  });

  it('rewrites draft-07 definitions and references to $defs', () => {
    const out = toGbnfSchema({
      type: 'object',
      properties: { lesion: { $ref: '#/definitions/lesion' } },
      definitions: { lesion: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
    });
    expect(out.properties).toEqual({ lesion: { $ref: '#/$defs/lesion' } });
    expect(out.$defs).toEqual({
      lesion: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
    });
  });

  it('treats tuples as prefix items and multi-type lists without strings as a plain type list', () => {
    expect(toGbnfSchema({ type: 'array', items: [{ type: 'number' }, { type: 'string' }] })).toEqual({
      type: 'array',
      prefixItems: [{ type: 'number' }, { type: 'string' }],
    });
    expect(toGbnfSchema({ type: ['number', 'null'] })).toEqual({ type: ['number', 'null'] });
  });
});
