// The ONNX writer must produce files onnxruntime accepts and computes with exactly, not merely bytes that look right.
import * as ort from 'onnxruntime-web';
import { describe, expect, it } from 'vitest';
import { encodeModel, type Graph } from './model';
import { ProtoWriter } from './protobuf';

ort.env.wasm.numThreads = 1;

const affine: Graph = {
  name: 'affine',
  inputs: [{ name: 'x', shape: ['N', 2] }],
  outputs: [{ name: 'y', shape: ['N', 1] }],
  initializers: [
    { name: 'w', dims: [2, 1], data: new Float32Array([2, 3]) },
    { name: 'b', dims: [1], data: new Float32Array([0.5]) },
  ],
  nodes: [
    { op: 'MatMul', inputs: ['x', 'w'], outputs: ['xw'] },
    { op: 'Add', inputs: ['xw', 'b'], outputs: ['y'] },
  ],
};

describe('protobuf writer', () => {
  it('writes varints, negative int64 as ten bytes, fixed32 floats and nested messages', () => {
    expect([...new ProtoWriter().int(1, 150).finish()]).toEqual([0x08, 0x96, 0x01]);
    expect([...new ProtoWriter().int(2, -1).finish()]).toEqual([0x10, ...Array(9).fill(0xff), 0x01]);
    expect([...new ProtoWriter().float(2, 1).finish()]).toEqual([0x15, 0, 0, 0x80, 0x3f]);
    const inner = new ProtoWriter().string(1, 'ab');
    expect([...new ProtoWriter().message(3, inner).finish()]).toEqual([0x1a, 4, 0x0a, 2, 0x61, 0x62]);
  });
});

describe('encodeModel', () => {
  it('gives a model onnxruntime-web loads, with the declared inputs, outputs and metadata', async () => {
    const bytes = encodeModel(affine, { producerName: 'test', producerVersion: '1', metadata: { purpose: 'test' } });
    const session = await ort.InferenceSession.create(bytes);
    expect(session.inputNames).toEqual(['x']);
    expect(session.outputNames).toEqual(['y']);
    const x = new ort.Tensor('float32', new Float32Array([1, 1, 2, -1, 0.25, 4]), [3, 2]);
    const { y } = await session.run({ x });
    expect(y.dims).toEqual([3, 1]);
    // 1·2+1·3+0.5, 2·2−1·3+0.5, 0.25·2+4·3+0.5: all exact in float32.
    expect([...(y.data as Float32Array)]).toEqual([5.5, 1.5, 13]);
    await session.release();
  });

  it('writes int and ints attributes and int64 initializers the runtime understands', async () => {
    const bytes = encodeModel(
      {
        name: 'softmax-transpose',
        inputs: [{ name: 'x', shape: ['N', 1] }],
        outputs: [
          { name: 'p', shape: ['N', 1] },
          { name: 'r', shape: [1, 'N'] },
        ],
        initializers: [{ name: 'shape', dims: [2], data: new BigInt64Array([1n, -1n]) }],
        nodes: [
          { op: 'Softmax', inputs: ['x'], outputs: ['p'], attributes: { axis: { type: 'int', value: 0 } } },
          { op: 'Transpose', inputs: ['p'], outputs: ['t'], attributes: { perm: { type: 'ints', value: [1, 0] } } },
          { op: 'Reshape', inputs: ['t', 'shape'], outputs: ['r'] },
        ],
      },
      { producerName: 'test', producerVersion: '1' }
    );
    const session = await ort.InferenceSession.create(bytes);
    const { p, r } = await session.run({ x: new ort.Tensor('float32', new Float32Array([0, 0, Math.log(2)]), [3, 1]) });
    expect([...(p.data as Float32Array)].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0.25, 0.25, 0.5]);
    expect(r.dims).toEqual([1, 3]);
  });

  it('is deterministic and refuses graphs that read a value before it is produced', () => {
    const options = { producerName: 'test', producerVersion: '1' };
    expect(encodeModel(affine, options)).toEqual(encodeModel(affine, options));
    const broken = { ...affine, nodes: [...affine.nodes].reverse() };
    expect(() => encodeModel(broken, options)).toThrow(/reads 'xw' before it is defined/);
    expect(() =>
      encodeModel(
        { ...affine, initializers: [{ name: 'w', dims: [3], data: new Float32Array(2) }, affine.initializers[1]] },
        options
      )
    ).toThrow(/need 3 values, got 2/);
  });

  it('yields bytes the runtime rejects when corrupted, so callers can report a bad file', async () => {
    const bytes = encodeModel(affine, { producerName: 'test', producerVersion: '1' });
    await expect(ort.InferenceSession.create(bytes.subarray(0, bytes.length - 7))).rejects.toThrow();
  });
});
