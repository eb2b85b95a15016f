// The bench's rule for the requests Chrome makes for itself (record 126): the manifest
// and the tab's icon leave the audited log; every request of the page's own stays.
import { describe, expect, it } from 'vitest';
import { chromesOwnRequests } from './page.js';

const sent = (requestId: string, type: string, initiator: string) => ({
  method: 'Network.requestWillBeSent',
  params: { requestId, type, initiator: { type: initiator } },
});

describe('chromesOwnRequests', () => {
  it('names the manifest (whatever its initiator) and the icon, and nothing of the page', () => {
    const log = [
      sent('document', 'Document', 'other'),
      sent('inline-image', 'Image', 'parser'),
      sent('manifest', 'Manifest', 'other'),
      sent('manifest-again', 'Manifest', 'parser'),
      sent('icon', 'Other', 'other'),
      sent('module', 'Script', 'script'),
      sent('session', 'Fetch', 'script'),
      sent('beacon', 'Other', 'script'),
      { method: 'Network.responseReceived', params: { requestId: 'document', type: 'Document' } },
    ];
    expect([...chromesOwnRequests(log)].sort()).toEqual(['icon', 'manifest', 'manifest-again']);
  });
});
