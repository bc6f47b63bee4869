// Types for the pdfjs-dist worker module, which ships without them; it is imported only for its side effect.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
