// The no-JavaScript inquiry pages: rendered by the server on each publish
// (src/server/site/site-renderer.ts, from the page's own React form), filled and answered by the server
// (src/server/routes/form-post.ts). Plain string work on markup we generate.
import { escapeHtml } from './escape-html.js';
import { FORM_CONTROLS, type InquiryFormValues } from './inquiry.js';

/** In the built site's folder; dotfiles, so the static server never serves them. */
export const INQUIRY_PAGE_FILES = { form: '.inquiry-form.html', sent: '.inquiry-sent.html' } as const;

export type FormControl = (typeof FORM_CONTROLS)[number];
export type FieldErrors = Partial<Record<FormControl, string>>;

const controlId = (name: string) => `inquiry-${name}`;
const errorId = (name: string) => `inquiry-${name}-error`;

function withAttributes(tag: string, attributes: Record<string, string>): string {
  let result = tag;
  for (const [name, value] of Object.entries(attributes)) {
    const existing = new RegExp(`\\s${name}="[^"]*"`);
    const attribute = ` ${name}="${escapeHtml(value)}"`;
    result = existing.test(result) ? result.replace(existing, attribute) : result.replace(/\s*\/?>$/, `${attribute}$&`);
  }
  return result;
}

/**
 * The form page with `values` in its controls and each error of `errors` right
 * after its control (linked by aria-describedby, the control aria-invalid), and
 * a summary of the errors, linking to each field, above the form, under `checkFields`'
 * heading (in the page's language: the server's answer words, record 360).
 */
export function fillInquiryForm(
  html: string,
  values: Partial<InquiryFormValues> & { website?: string },
  errors: FieldErrors,
  labels: Partial<Record<FormControl, string>>,
  checkFields: (count: number) => string,
): string {
  let page = html;
  for (const name of [...FORM_CONTROLS, 'website'] as const) {
    const value = values[name as FormControl] ?? '';
    const error = errors[name as FormControl];
    const invalid: Record<string, string> = error ? { 'aria-invalid': 'true' } : {};
    const after = error ? `<p class="field-error" id="${errorId(name)}">${escapeHtml(error)}</p>` : '';
    const linkError = (tag: string) => {
      if (!error) return tag;
      const describedBy = /\saria-describedby="([^"]*)"/.exec(tag)?.[1];
      return withAttributes(tag, { 'aria-describedby': [errorId(name), describedBy].filter(Boolean).join(' ') });
    };
    const select = new RegExp(`(<select[^>]*\\sname="${name}"[^>]*>)([\\s\\S]*?)(</select>)`);
    const textarea = new RegExp(`(<textarea[^>]*\\sname="${name}"[^>]*>)([\\s\\S]*?)(</textarea>)`);
    const input = new RegExp(`<input[^>]*\\sname="${name}"[^>]*>`);
    if (select.test(page)) {
      page = page.replace(select, (_all, open: string, options: string, close: string) => {
        const chosen = options
          .replace(/\sselected=""/g, '')
          .replace(`<option value="${escapeHtml(value)}"`, `<option value="${escapeHtml(value)}" selected=""`);
        return `${linkError(withAttributes(open, invalid))}${chosen}${close}${after}`;
      });
    } else if (textarea.test(page)) {
      page = page.replace(
        textarea,
        (_all, open: string, _text: string, close: string) =>
          `${linkError(withAttributes(open, invalid))}${escapeHtml(value)}${close}${after}`,
      );
    } else {
      page = page.replace(input, (tag) => `${linkError(withAttributes(tag, { value, ...invalid }))}${after}`);
    }
  }
  const problems = Object.entries(errors) as [FormControl, string][];
  if (problems.length > 0) {
    const items = problems
      .map(
        ([name, message]) =>
          `<li><a href="#${controlId(name)}">${escapeHtml(labels[name] ?? name)}: ${escapeHtml(message)}</a></li>`,
      )
      .join('');
    const summary = `<div class="form-error-summary" role="alert" tabindex="-1"><h2>${escapeHtml(checkFields(problems.length))}</h2><ul>${items}</ul></div>`;
    page = page.replace(/<form\s/, `${summary}$&`);
  }
  return page;
}
