// Test fixture only: writes tiny ONNX models by hand (protobuf), shaped like a MedSAM encoder/decoder pair, so the
// MedSAM engine's wiring can be tested without the real weights.

type Field = Uint8Array;

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v > 127) {
    out.push((v & 127) | 128);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const int = (field: number, value: number): Field => Uint8Array.from([...varint(field << 3), ...varint(value)]);
const bytes = (field: number, data: Uint8Array): Field =>
  concat([Uint8Array.from([...varint((field << 3) | 2), ...varint(data.length)]), data]);
const str = (field: number, text: string): Field => bytes(field, new TextEncoder().encode(text));
const msg = (field: number, ...parts: Field[]): Field => bytes(field, concat(parts));

const FLOAT = 1;

/** ValueInfoProto of a float tensor; string dims become symbolic. */
function valueInfo(field: number, name: string, dims: (number | string)[]): Field {
  const shape = dims.map((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  return msg(field, str(1, name), msg(2, msg(1, int(1, FLOAT), msg(2, ...shape))));
}

function node(op: string, inputs: string[], outputs: string[], ...attributes: Field[]): Field {
  return msg(1, ...inputs.map((i) => str(1, i)), ...outputs.map((o) => str(2, o)), str(4, op), ...attributes);
}

function model(graph: Field[]): Uint8Array {
  return concat([int(1, 7), str(2, 'oncoagent-test'), msg(7, ...graph), msg(8, str(1, ''), int(2, 13))]);
}

/** Encoder stand-in: the "embedding" is the input image itself ([1, 3, S, S]). */
export function fakeEncoder(size: number): Uint8Array {
  return model([
    node('Identity', ['image'], ['image_embeddings']),
    str(2, 'encoder'),
    valueInfo(11, 'image', [1, 3, size, size]),
    valueInfo(12, 'image_embeddings', [1, 3, size, size]),
  ]);
}

/**
 * Decoder stand-in with the SAM export's inputs; its logits are (channel mean − 0.5), i.e. "bright pixels",
 * at the input frame's resolution, so the test checks resizing, padding, cropping and box clipping.
 */
export function fakeDecoder(size: number): Uint8Array {
  const half = concat([
    int(1, 1),
    int(2, FLOAT),
    str(8, 'half'),
    bytes(9, new Uint8Array(Float32Array.from([0.5]).buffer)),
  ]);
  const axes = msg(5, str(1, 'axes'), int(20, 7), int(8, 1));
  const keep = msg(5, str(1, 'keepdims'), int(20, 2), int(3, 1));
  return model([
    node('ReduceMean', ['image_embeddings'], ['mean'], axes, keep),
    node('Sub', ['mean', 'half'], ['masks']),
    str(2, 'decoder'),
    bytes(5, half),
    valueInfo(11, 'image_embeddings', [1, 3, size, size]),
    valueInfo(11, 'point_coords', [1, 'n', 2]),
    valueInfo(11, 'point_labels', [1, 'n']),
    valueInfo(11, 'mask_input', [1, 1, 4 * size, 4 * size]),
    valueInfo(11, 'has_mask_input', [1]),
    valueInfo(11, 'orig_im_size', [2]),
    valueInfo(12, 'masks', [1, 1, size, size]),
  ]);
}
