// The inquiry overlay and the toasts: the code a visitor needs only once they
// want to send an inquiry. The page loads it when the browser is idle or on the
// first sign of intent (entry-client.tsx); until then its prerendered HTML stays
// as it is.
import { Toaster } from '../toast/toaster.js';
import { InquiryDialog } from './inquiry-dialog.js';
import { SendNote } from './send-note.js';

export function InquiryIsland() {
  return (
    <>
      <InquiryDialog />
      <SendNote />
      <Toaster />
    </>
  );
}
