// The synoptic form's editable state: the values the inputs show, which of them the pathologist changed, and the
// constraint messages that flag each item.
import type { Violation } from '../../common/contracts';
import type { ExtractionView } from './api';

/** What each input shows: a choice item's option code ('' = no answer), a decimal item's text as typed. */
export type FormValues = Record<string, string>;

type Item = ExtractionView['items'][number];

const shown = (item: Item): string =>
  item.type === 'choice' ? (item.code ?? '') : item.value === null ? '' : String(item.value);

/**
 * The values the form starts with: the extracted answers.
 * @param view - The extraction view.
 * @returns Values by linkId.
 */
export function initialValues(view: ExtractionView): FormValues {
  return Object.fromEntries(view.items.map((item) => [item.linkId, shown(item)]));
}

/** The pathologist's changes, ready for `/api/synoptic/approve`, and inputs that are not valid numbers. */
export interface FormEdits {
  edits: Record<string, string | number | null>;
  errors: Record<string, string>;
}

/**
 * Compares the form with the extracted answers.
 * @param view - The extraction view.
 * @param values - The current values.
 * @returns The changed items (option code, number in cm, or null for cleared) and the invalid inputs.
 */
export function formEdits(view: ExtractionView, values: FormValues): FormEdits {
  const out: FormEdits = { edits: {}, errors: {} };
  for (const item of view.items) {
    const now = (values[item.linkId] ?? '').trim();
    if (now === shown(item)) continue;
    if (item.type === 'choice') {
      out.edits[item.linkId] = now || null;
      continue;
    }
    if (now === '') {
      out.edits[item.linkId] = null;
      continue;
    }
    const n = Number(now.replace(',', '.'));
    if (!Number.isFinite(n) || n < 0 || n > 100) {
      out.errors[item.linkId] = `Enter a number of ${item.unit ?? 'cm'} from 0 to 100, or leave it empty.`;
    } else if (n !== item.value) {
      out.edits[item.linkId] = n;
    }
  }
  return out;
}

/**
 * The constraint messages that involve each item.
 * @param violations - The violated rules.
 * @returns Messages by linkId.
 */
export function flagsByItem(violations: Violation[]): Map<string, string[]> {
  const flags = new Map<string, string[]>();
  for (const v of violations) {
    for (const id of v.items) flags.set(id, [...(flags.get(id) ?? []), v.message]);
  }
  return flags;
}

/**
 * Why a form cannot be approved at all: the template does not apply to the report. A form that does not apply would
 * save a complete-looking synoptic report of a specimen it does not describe.
 * The server says so in a field of its own (and refuses to approve such a form whatever the app sends).
 * @param view - The extraction view.
 * @returns The server's sentence saying so, or undefined when the template applies.
 */
export function notApplicable(view: Pick<ExtractionView, 'notApplicable'>): string | undefined {
  return view.notApplicable;
}
