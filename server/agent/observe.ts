// What a tool result looks like to a model and in a trace: images and masks dropped, long strings cut, bounded size.
import type { WorkupToolCall } from '../../common/contracts';

/** Keys holding pixels or run-length masks: useless to a text model and large. */
const BULKY = new Set(['overlayPng', 'mask', 'png', 'image_base64', 'imageData', 'data']);
const MAX_STRING = 1500;
const MAX_OBSERVATION = 8000;

/**
 * A copy of a tool output without images, masks and very long strings.
 * @param value - The output.
 * @returns The trimmed copy.
 */
export function trimOutput(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… [cut, ${value.length} characters]` : value;
  }
  if (Array.isArray(value)) return value.map(trimOutput);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k, v]) => !(BULKY.has(k) && (typeof v === 'string' || (typeof v === 'object' && v !== null))))
        .map(([k, v]) => [k, trimOutput(v)])
    );
  }
  return value;
}

/**
 * The observation a model reads for one finished call.
 * @param call - The call.
 * @returns JSON text, at most a few thousand characters.
 */
export function observationText(call: WorkupToolCall): string {
  const body = {
    id: call.id,
    tool: call.tool,
    status: call.status,
    ...(call.message ? { message: call.message } : {}),
    ...(call.warnings?.length ? { warnings: call.warnings } : {}),
    ...(call.output !== undefined ? { output: trimOutput(call.output) } : {}),
  };
  const text = JSON.stringify(body);
  return text.length > MAX_OBSERVATION ? `${text.slice(0, MAX_OBSERVATION)}… [observation cut]` : text;
}
