// Keeps server file paths out of what tools, workups and the API say: a message may name a file, never where it lives.
import { resolve } from 'node:path';

/** Top-level folders of absolute paths on the machines this runs on (Linux, macOS, containers). */
const ROOTS = [
  'app',
  'bin',
  'boot',
  'data',
  'dev',
  'etc',
  'home',
  'lib',
  'media',
  'mnt',
  'nix',
  'opt',
  'private',
  'proc',
  'root',
  'run',
  'sbin',
  'snap',
  'srv',
  'sys',
  'tmp',
  'Users',
  'usr',
  'var',
  'Volumes',
  'work',
  'workspace',
];

/** Characters a path runs over in a message (quotes, spaces and brackets end it). */
const PATH_CHARS = String.raw`[^\s'"\x60()<>\[\]{},;|]`;
/** An absolute POSIX path under a known root, a file: URL, a node_modules path, or a Windows drive path. */
const PATH = new RegExp(
  [
    String.raw`(?<![\w.:/\\-])(?:file://)?/(?:${ROOTS.join('|')})(?:/${PATH_CHARS}*)?`,
    String.raw`(?<![\w.:/\\-])(?:\.{1,2}/)?(?:${PATH_CHARS}+/)*node_modules/${PATH_CHARS}+`,
    String.raw`(?<![\w])[A-Za-z]:\\${PATH_CHARS}*`,
  ].join('|'),
  'g'
);

/** The repository root (this file is server/tools/path-free.ts): replaced even outside the usual roots. */
const REPO_ROOT = resolve(import.meta.dirname, '../..');
const IN_REPO = new RegExp(`${REPO_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/${PATH_CHARS}*)?`, 'g');

/** The last name of a path, or "(path)" when there is none. */
function lastName(path: string): string {
  const name = path.split(/[\\/]/).filter(Boolean).pop();
  return name && !/^[A-Za-z]:$/.test(name) ? name : '(path)';
}

/**
 * Replaces every server path in a text with its last name (`/srv/app/models/medsam/x.onnx` → `x.onnx`), keeping
 * URLs and FHIR references (`Patient/1`) as they are.
 * @param text - A message, warning or report.
 * @returns The text without absolute paths, the repository root or node_modules locations.
 */
export function stripPaths(text: string): string {
  const shorten = (match: string): string => {
    const trailing = /[.:]+$/.exec(match)?.[0] ?? '';
    return lastName(match.slice(0, match.length - trailing.length)) + trailing;
  };
  const outsideRepo = REPO_ROOT.length > 1 ? text.replace(IN_REPO, shorten) : text;
  return outsideRepo.replace(PATH, shorten);
}

/** Whether a text still holds something {@link stripPaths} would remove (for tests and assertions). */
export function hasServerPath(text: string): boolean {
  return text.includes(REPO_ROOT) || new RegExp(PATH.source).test(text);
}
