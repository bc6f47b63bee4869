// Checks which image a study's thumbnail shows and that tokens never go to another server.
import type { Endpoint, ImagingStudy } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { wadoTarget } from './wado-target';

const base = 'https://ehr.example/fhir/R4';

function endpoint(address: string, code = 'dicom-wado-rs'): Endpoint {
  return {
    resourceType: 'Endpoint',
    id: 'pacs',
    status: 'active',
    connectionType: { system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type', code },
    payloadType: [{ text: 'DICOM' }],
    address,
  };
}

const study: ImagingStudy = {
  resourceType: 'ImagingStudy',
  status: 'available',
  subject: { reference: 'Patient/p' },
  identifier: [{ system: 'urn:dicom:uid', value: 'urn:oid:1.2.3' }],
  endpoint: [{ reference: 'Endpoint/pacs' }],
  series: [
    {
      uid: '1.2.3.4',
      modality: { code: 'CT' },
      instance: [
        { uid: '1.2.3.4.3', number: 3, sopClass: { code: '1.2.840.10008.5.1.4.1.1.2' } },
        { uid: '1.2.3.4.1', number: 1, sopClass: { code: '1.2.840.10008.5.1.4.1.1.2' } },
        { uid: '1.2.3.4.2', number: 2, sopClass: { code: '1.2.840.10008.5.1.4.1.1.2' } },
      ],
    },
  ],
};

describe('wadoTarget', () => {
  it('fetches the middle instance of the first series from a same-origin endpoint', () => {
    const target = wadoTarget(study, [endpoint('https://ehr.example/dicomweb/')], base);
    expect(target).toEqual({
      ok: true,
      url: 'https://ehr.example/dicomweb/studies/1.2.3/series/1.2.3.4/instances/1.2.3.4.2',
      sendToken: true,
      studyUid: '1.2.3',
      seriesUid: '1.2.3.4',
      sopUid: '1.2.3.4.2',
    });
  });

  it('does not fetch from another origin unless it is a listed PACS, which never gets the token', () => {
    const target = wadoTarget(study, [endpoint('https://pacs.other.example/wado')], base);
    expect(target).toEqual({
      ok: false,
      reason:
        'Images on another server are not fetched (https://pacs.other.example): it is not listed in ONCOAGENT_PACS_ORIGINS.',
    });
    const listed = wadoTarget(study, [endpoint('https://pacs.other.example/wado')], base, [
      'https://pacs.other.example',
    ]);
    expect(listed).toMatchObject({
      ok: true,
      sendToken: false,
      url: expect.stringMatching(/^https:\/\/pacs\.other\.example\/wado\/studies\//),
    });
  });

  it('needs a WADO-RS endpoint and a study UID', () => {
    expect(wadoTarget(study, [endpoint('https://ehr.example/x', 'dicom-qido-rs')], base)).toMatchObject({ ok: false });
    expect(wadoTarget({ ...study, identifier: [] }, [endpoint('https://ehr.example/x')], base)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Study Instance UID'),
    });
  });
});
