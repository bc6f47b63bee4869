// Imaging for the patient view: which instance to show, how to fetch it, and what to say beside it.
export { dicomBytes, fetchThumbnail, THUMBNAIL_SIZE, type Thumbnail } from './fetch-thumbnail';
export { type StudySummary, summarizeStudy } from './study-summary';
export { studyInstanceUid, type WadoSkip, type WadoTarget, wadoEndpoint, wadoTarget } from './wado-target';
