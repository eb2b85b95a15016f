// The form as a page of its own, for visitors without JavaScript: rendered at
// build time (scripts/prerender-inquiry.ts) into the two pages the server
// answers a plain form post with (src/server/routes/form-post.ts): the form
// again, which the server fills with the visitor's values and an error next to
// each wrong field, and the thank-you page.
import { content } from '../../../content/index.js';
import { InquiryForm } from './inquiry-form.js';
import { words } from '../page-words.js';
import { languageOf, languagePath } from '../../shared/language.js';

export function InquiryPage({ sent }: { sent: boolean }) {
  // Home is the page of the language it is in (record 360).
  const home = languagePath(languageOf(words.lang));
  return (
    <main id="main" className="inquiry-page">
      <div className="inquiry-panel">
        <p className="inquiry-page-home">
          <a href={home}>{content.name}</a>
        </p>
        {sent ? (
          <div className="inquiry-thanks">
            <h1 id="inquiry-title">{words.thankYou}</h1>
            <p role="status">{words.sentToast}</p>
            <p>
              <a className="button" href={home}>
                {words.backHome}
              </a>
            </p>
          </div>
        ) : (
          <>
            <h1 id="inquiry-title">{words.inquiryTitle}</h1>
            <InquiryForm handle={null} onSubmitted={() => {}} />
          </>
        )}
      </div>
    </main>
  );
}
