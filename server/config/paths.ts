// Default folders of a checkout or an installed package, resolved from this file so they hold whatever the cwd is.
import { resolve } from 'node:path';

/** The package root (the folder holding package.json, knowledge/, models/). */
export const PACKAGE_ROOT = resolve(import.meta.dirname, '../..');

/** ONCOAGENT_DATA_DIR's default: the knowledge index and traces. */
export const DEFAULT_DATA_DIR = resolve(PACKAGE_ROOT, '.data');

/** ONCOAGENT_KNOWLEDGE_DIR's default: the bundled guideline corpus. */
export const DEFAULT_KNOWLEDGE_DIR = resolve(PACKAGE_ROOT, 'knowledge');

/** ONCOAGENT_MODELS_DIR's default: the bundled model manifest and files. */
export const DEFAULT_MODELS_DIR = resolve(PACKAGE_ROOT, 'models');
