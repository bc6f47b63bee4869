// Holds the sandbox's phantom studies in memory and generates each series on first retrieval.
import { generatePhantomSeries, type PhantomInstance } from './phantom';
import type { PhantomSeriesSpec } from './phantom-spec';

/** A study as listed by the store, without generating any pixels. */
export interface StoredStudy {
  studyInstanceUid: string;
  patientId: string;
  patientName: string;
  studyDate: string;
  studyDescription: string;
  series: { seriesInstanceUid: string; seriesNumber: number; seriesDescription: string; instances: number }[];
}

interface Entry {
  spec: PhantomSeriesSpec;
  instances?: PhantomInstance[];
}

/** An in-memory PACS of phantom series keyed by study and series UID. */
export class DicomStore {
  private readonly studies = new Map<string, Map<string, Entry>>();

  /**
   * Registers a series; its slices are generated on first retrieval and then kept. Re-adding a series replaces it.
   * @param spec - The series to serve.
   */
  addSeries(spec: PhantomSeriesSpec): void {
    let study = this.studies.get(spec.studyInstanceUid);
    if (!study) {
      study = new Map();
      this.studies.set(spec.studyInstanceUid, study);
    }
    study.set(spec.seriesInstanceUid, { spec });
  }

  /**
   * All studies with their series, in insertion order.
   * @returns Study summaries taken from the specs.
   */
  listStudies(): StoredStudy[] {
    return [...this.studies.entries()].map(([studyInstanceUid, series]) => {
      const first = [...series.values()][0].spec;
      return {
        studyInstanceUid,
        patientId: first.patientId,
        patientName: first.patientName,
        studyDate: first.studyDate,
        studyDescription: first.studyDescription,
        series: [...series.values()].map(({ spec }) => ({
          seriesInstanceUid: spec.seriesInstanceUid,
          seriesNumber: spec.seriesNumber,
          seriesDescription: spec.seriesDescription,
          instances: spec.slices,
        })),
      };
    });
  }

  /**
   * The spec of a series, e.g. to build metadata without pixels.
   * @param studyUid - StudyInstanceUID.
   * @param seriesUid - SeriesInstanceUID.
   * @returns The spec, or undefined when unknown.
   */
  seriesSpec(studyUid: string, seriesUid: string): PhantomSeriesSpec | undefined {
    return this.studies.get(studyUid)?.get(seriesUid)?.spec;
  }

  /**
   * Every instance of a study, series by series.
   * @param studyUid - StudyInstanceUID.
   * @returns The instances, or undefined when the study is unknown.
   */
  study(studyUid: string): PhantomInstance[] | undefined {
    const study = this.studies.get(studyUid);
    return study ? [...study.values()].flatMap((entry) => this.generated(entry)) : undefined;
  }

  /**
   * The instances of a series, in slice order.
   * @param studyUid - StudyInstanceUID.
   * @param seriesUid - SeriesInstanceUID.
   * @returns The instances, or undefined when unknown.
   */
  series(studyUid: string, seriesUid: string): PhantomInstance[] | undefined {
    const entry = this.studies.get(studyUid)?.get(seriesUid);
    return entry ? this.generated(entry) : undefined;
  }

  /**
   * One instance.
   * @param studyUid - StudyInstanceUID.
   * @param seriesUid - SeriesInstanceUID.
   * @param sopUid - SOPInstanceUID.
   * @returns The instance, or undefined when unknown.
   */
  instance(studyUid: string, seriesUid: string, sopUid: string): PhantomInstance | undefined {
    return this.series(studyUid, seriesUid)?.find((i) => i.sopInstanceUid === sopUid);
  }

  private generated(entry: Entry): PhantomInstance[] {
    entry.instances ??= generatePhantomSeries(entry.spec);
    return entry.instances;
  }
}
