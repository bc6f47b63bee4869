// Writes ONNX ModelProto bytes (IR version 8, opset 17) from a plain description of a graph, so small models
// can be generated in the repository, reproducibly, without Python or a protobuf library.
import { ProtoWriter } from './protobuf';

/** ONNX TensorProto.DataType values used here. */
const DATA_TYPE = { float: 1, int64: 7 } as const;
/** ONNX AttributeProto.AttributeType values. */
const ATTRIBUTE_TYPE = { float: 1, int: 2, string: 3, floats: 6, ints: 7 } as const;

/** A graph input or output: a float tensor whose dimensions are numbers or symbolic names (e.g. 'N'). */
export interface ValueInfo {
  name: string;
  shape: readonly (number | string)[];
  doc?: string;
}

/** A constant tensor stored in the model (weights, biases, shapes). */
export interface Initializer {
  name: string;
  dims: readonly number[];
  data: Float32Array | BigInt64Array;
}

/** A node attribute with its ONNX type spelled out (1 and 1.0 are the same number in JavaScript). */
export type Attribute =
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'ints'; value: readonly number[] }
  | { type: 'floats'; value: readonly number[] }
  | { type: 'string'; value: string };

export interface GraphNode {
  op: string;
  inputs: readonly string[];
  outputs: readonly string[];
  name?: string;
  attributes?: Record<string, Attribute>;
}

export interface Graph {
  name: string;
  inputs: readonly ValueInfo[];
  outputs: readonly ValueInfo[];
  initializers: readonly Initializer[];
  nodes: readonly GraphNode[];
  doc?: string;
}

export interface ModelOptions {
  producerName: string;
  producerVersion: string;
  modelVersion?: number;
  doc?: string;
  /** Free key/value metadata (ModelProto.metadata_props), e.g. targets and validation status. */
  metadata?: Record<string, string>;
  irVersion?: number;
  opset?: number;
}

function valueInfo(v: ValueInfo): ProtoWriter {
  const shape = new ProtoWriter();
  for (const d of v.shape) {
    shape.message(1, typeof d === 'number' ? new ProtoWriter().int(1, d) : new ProtoWriter().string(2, d));
  }
  const tensorType = new ProtoWriter().int(1, DATA_TYPE.float).message(2, shape);
  const info = new ProtoWriter().string(1, v.name).message(2, new ProtoWriter().message(1, tensorType));
  if (v.doc) info.string(3, v.doc);
  return info;
}

function tensor(t: Initializer): ProtoWriter {
  const count = t.dims.reduce((a, b) => a * b, 1);
  if (count !== t.data.length)
    throw new RangeError(`Initializer ${t.name}: dims [${t.dims}] need ${count} values, got ${t.data.length}`);
  const raw = new Uint8Array(t.data.length * t.data.BYTES_PER_ELEMENT);
  const view = new DataView(raw.buffer);
  // raw_data is little-endian by definition; write it explicitly rather than copying host-order memory.
  if (t.data instanceof Float32Array) for (const [i, v] of t.data.entries()) view.setFloat32(i * 4, v, true);
  else for (const [i, v] of t.data.entries()) view.setBigInt64(i * 8, v, true);
  const type = t.data instanceof Float32Array ? DATA_TYPE.float : DATA_TYPE.int64;
  return new ProtoWriter().ints(1, t.dims).int(2, type).string(8, t.name).bytes(9, raw);
}

function attribute(name: string, a: Attribute): ProtoWriter {
  const w = new ProtoWriter().string(1, name);
  if (a.type === 'float') w.float(2, a.value);
  else if (a.type === 'int') w.int(3, a.value);
  else if (a.type === 'string') w.string(4, a.value);
  else if (a.type === 'floats') for (const v of a.value) w.float(7, v);
  else w.ints(8, a.value);
  return w.int(20, ATTRIBUTE_TYPE[a.type]);
}

function node(n: GraphNode, index: number): ProtoWriter {
  const w = new ProtoWriter();
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  w.string(3, n.name ?? `${n.op}_${index}`).string(4, n.op);
  for (const [key, value] of Object.entries(n.attributes ?? {})) w.message(5, attribute(key, value));
  return w;
}

/** Fails early, naming the node, when an input is used before anything produces it (nodes must be in topological order). */
function checkTopology(g: Graph): void {
  const known = new Set([...g.inputs.map((i) => i.name), ...g.initializers.map((i) => i.name), '']);
  g.nodes.forEach((n, i) => {
    for (const input of n.inputs) {
      if (!known.has(input)) throw new Error(`Node ${n.name ?? `${n.op}_${i}`} reads '${input}' before it is defined`);
    }
    for (const o of n.outputs) known.add(o);
  });
  for (const o of g.outputs) if (!known.has(o.name)) throw new Error(`Graph output '${o.name}' is never produced`);
}

/**
 * Serialises a graph as an ONNX model.
 * @param graph - Inputs, outputs, initializers and nodes in topological order.
 * @param options - Producer, version, doc string, metadata; IR version 8 and opset 17 by default.
 * @returns The .onnx file bytes (deterministic for the same arguments).
 */
export function encodeModel(graph: Graph, options: ModelOptions): Uint8Array {
  checkTopology(graph);
  const g = new ProtoWriter();
  graph.nodes.forEach((n, i) => {
    g.message(1, node(n, i));
  });
  g.string(2, graph.name);
  for (const t of graph.initializers) g.message(5, tensor(t));
  if (graph.doc) g.string(10, graph.doc);
  for (const i of graph.inputs) g.message(11, valueInfo(i));
  for (const o of graph.outputs) g.message(12, valueInfo(o));

  const m = new ProtoWriter()
    .int(1, options.irVersion ?? 8)
    .string(2, options.producerName)
    .string(3, options.producerVersion)
    .int(5, options.modelVersion ?? 1);
  if (options.doc) m.string(6, options.doc);
  m.message(7, g).message(8, new ProtoWriter().string(1, '').int(2, options.opset ?? 17));
  for (const [key, value] of Object.entries(options.metadata ?? {})) {
    m.message(14, new ProtoWriter().string(1, key).string(2, value));
  }
  return m.finish();
}
