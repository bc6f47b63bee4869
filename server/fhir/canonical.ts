// The canonical URL base lives in common/ (the app needs it too); this module keeps the server's import path.
export { CANONICAL_BASE, canonical } from '../../common/fhir/canonical';
