// The form as a page of its own, for visitors without JavaScript: rendered at
// build time (scripts/prerender-inquiry.ts) into the two pages the server
// answers a plain form post with (src/server/routes/form-post.ts): the form
// again, which the server fills with the visitor's values and an error next to
// each wrong field, and the thank-you page.
import { content } from '../../../content/index.js';
import { InquiryForm, MESSAGES } from './inquiry-form.js';

export function InquiryPage({ sent }: { sent: boolean }) {
  return (
    <main id="main" className="inquiry-page">
      <div className="inquiry-panel">
        <p className="inquiry-page-home">
          <a href="/">{content.name}</a>
        </p>
        {sent ? (
          <div className="inquiry-thanks">
            <h1 id="inquiry-title">Thank you</h1>
            <p role="status">{MESSAGES.sent}</p>
            <p>
              <a className="button" href="/">
                Back to the home page
              </a>
            </p>
          </div>
        ) : (
          <>
            <h1 id="inquiry-title">Tell us about your event</h1>
            <InquiryForm handle={null} onSubmitted={() => {}} />
          </>
        )}
      </div>
    </main>
  );
}
