// Everything that crosses the browser/server boundary, as zod schemas with the types inferred from them.
export * from './events';
export * from './fhir';
export * from './follow-up';
export * from './synoptic';
export * from './usage';
export * from './workup';
export * from './writeback';
