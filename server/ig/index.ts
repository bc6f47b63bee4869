// The HL7 implementation guides OncoAgent validates its outputs against (mCODE, SDC): fetch, load, validate.
export { ensureIgPackage, findIgPackage, IG_IDS, IG_PINS, IgUnavailableError, igCacheDirs } from './cache';
export { derivesFrom, type LoadedIg, loadIg } from './load';
export { profileSliceIssues, type Resolve } from './profile-slices';
export { resolverOf, validateAnyWithIgs, validateWithIgs } from './validate-ig';
