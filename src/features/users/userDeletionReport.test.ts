import type { DeleteUserResponse } from '../../../contract/schemas/usersAudit';
import { deletionReport } from './userDeletionReport';

const SPEC_TEXT = 'Ciara C. was deleted.';
const firestorePart: DeleteUserResponse = {
  uid: 'u3',
  deleted: { user: true, account: false, swipes: 1, connectionRequests: 0, connections: 2, partnersUnlinked: 0 },
};
const apiRows = { user: false, swipes: 1204, connectionRequests: 1, connections: 0, partnersUnlinked: 2 };
const withElsewhere = (elsewhere: DeleteUserResponse['elsewhere']): DeleteUserResponse => ({ ...firestorePart, elsewhere });

describe('deletionReport', () => {
  it('is the spec’s success text alone for a deletion without parts (the reference backend’s one transaction)', () => {
    expect(deletionReport(SPEC_TEXT, { ...firestorePart, deleted: { ...firestorePart.deleted, account: true } })).toEqual({
      kind: 'success',
      text: SPEC_TEXT,
    });
  });

  it('says every part after it when all were done', () => {
    expect(
      deletionReport(SPEC_TEXT, withElsewhere({ authAccount: { outcome: 'deleted' }, hostedApi: { outcome: 'deleted', rows: apiRows } })),
    ).toEqual({
      kind: 'success',
      text:
        'Ciara C. was deleted. Firestore: the record, 1 swipe and 2 connections deleted. Auth account: deleted. ' +
        'Hosted API: 1,204 swipes and 1 connection request deleted; 2 partners unlinked.',
    });
  });

  it('counts an Auth account that was not there as gone, and says when the hosted API had nothing', () => {
    const nothing = { user: false, swipes: 0, connectionRequests: 0, connections: 0, partnersUnlinked: 0 };
    expect(
      deletionReport(SPEC_TEXT, withElsewhere({ authAccount: { outcome: 'not_found' }, hostedApi: { outcome: 'deleted', rows: nothing } })),
    ).toEqual({
      kind: 'success',
      text:
        'Ciara C. was deleted. Firestore: the record, 1 swipe and 2 connections deleted. Auth account: none found (already gone). ' +
        'Hosted API: nothing of theirs was left.',
    });
  });

  it('warns when the Auth account was not deleted, saying why and where to do it', () => {
    const report = deletionReport(
      SPEC_TEXT,
      withElsewhere({
        authAccount: { outcome: 'not_done', reason: 'Firebase Auth could not be reached' },
        hostedApi: { outcome: 'deleted', rows: apiRows },
      }),
    );
    expect(report.kind).toBe('warning');
    expect(report.text).toContain(
      'Auth account: NOT deleted (Firebase Auth could not be reached); delete it in the Firebase console. Hosted API: 1,204 swipes',
    );
  });

  it('warns, plainly, about what a hosted API without the route left', () => {
    const reason = 'this hosted API has no account deletion route (404)';
    expect(
      deletionReport(
        SPEC_TEXT,
        withElsewhere({ authAccount: { outcome: 'not_done', reason }, hostedApi: { outcome: 'no_route', reason } }),
      ),
    ).toEqual({
      kind: 'warning',
      text:
        'Ciara C. was deleted. Firestore: the record, 1 swipe and 2 connections deleted. This hosted API has no account deletion route (404): ' +
        'the Auth account and the API’s swipes/requests/pairs remain — delete them there.',
    });
  });

  it('warns when the hosted API failed, with its reason', () => {
    const reason = 'The server did not answer within 10 seconds.';
    const report = deletionReport(
      SPEC_TEXT,
      withElsewhere({ authAccount: { outcome: 'not_done', reason }, hostedApi: { outcome: 'not_done', reason } }),
    );
    expect(report).toEqual({
      kind: 'warning',
      text:
        'Ciara C. was deleted. Firestore: the record, 1 swipe and 2 connections deleted. The hosted API did not delete the rest ' +
        '(The server did not answer within 10 seconds.): the Auth account and the API’s swipes/requests/pairs remain — delete them there.',
    });
  });
});
