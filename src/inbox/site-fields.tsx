// The fields of the "Site" page (issue 37): each edits one value of the content by its
// path ('packageGroups[0].packages[1].name', as the server's `issues` name it), shows
// that path's problem beside itself (aria-invalid, aria-describedby), and reports the
// change to the page, which keeps the draft on the server as the owner types.
import { createContext, type ReactNode, use, useEffect, useId, useState } from 'react';
import type { FieldIssues } from './site-api.js';

export type Content = Record<string, unknown>;

export interface Editor {
  content: Content;
  /** The live version's content: what the draft is compared with. */
  live?: Content;
  issues: FieldIssues;
  /** Sets the value at `path` (undefined removes it). */
  set(path: string, value: unknown): void;
}

export const EditorContext = createContext<Editor | null>(null);

export function useEditor(): Editor {
  const editor = use(EditorContext);
  if (!editor) throw new Error('A site field outside the site editor.');
  return editor;
}

/** 'a.b[2].c' as keys: ['a', 'b', 2, 'c']. */
export function pathKeys(path: string): (string | number)[] {
  return path
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((key) => (key.startsWith('[') ? Number(key.slice(1, -1)) : key));
}

export function getAt(root: unknown, path: string): unknown {
  let at = root;
  for (const key of pathKeys(path)) at = (at as Record<string | number, unknown> | undefined)?.[key];
  return at;
}

/** A copy of `root` with `value` at `path`, copying only the containers on the way. */
export function setAt<T>(root: T, path: string, value: unknown): T {
  const keys = pathKeys(path);
  const write = (at: unknown, index: number): unknown => {
    const key = keys[index]!;
    const copy = (Array.isArray(at) ? [...at] : { ...(at as object) }) as Record<string | number, unknown>;
    if (index === keys.length - 1) {
      if (value === undefined && !Array.isArray(copy)) delete copy[key];
      else copy[key] = value;
    } else copy[key] = write(copy[key] ?? (typeof keys[index + 1] === 'number' ? [] : {}), index + 1);
    return copy;
  };
  return write(root, 0) as T;
}

/** The field a link asked for (the list of what is missing in Spanish), focused when its part shows it. */
const focusRequest: { id?: string | undefined } = {};
export const requestFocus = (id: string): void => {
  focusRequest.id = id;
};

interface FieldShell {
  label: string;
  path: string;
  /** A stable id instead of a generated one: a Spanish field is reached by it from the list of what is missing. */
  id?: string;
  hint?: string;
  /** Another path whose problem this field shows: the card's price text, which follows from "Price". */
  alsoPath?: string | undefined;
  /** A problem found in the browser (an amount that is not a number), before the server's. */
  localProblem?: string | undefined;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, the control, its hint and its problem, tied together for assistive technology. */
export function Field({ label, path, id: fixedId, hint, alsoPath, localProblem, children }: FieldShell) {
  const { issues } = useEditor();
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  useEffect(() => {
    if (fixedId && fixedId === focusRequest.id) {
      focusRequest.id = undefined;
      document.getElementById(fixedId)?.focus();
    }
  }, [fixedId]);
  const problem = localProblem ?? issues[path] ?? (alsoPath ? issues[alsoPath] : undefined);
  const described = [problem && `${id}-problem`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="inbox-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(problem ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <span id={`${id}-hint`} className="inbox-muted inbox-hint">
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} className="inbox-error">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  path,
  hint,
  multiline,
  type = 'text',
  maxLength = 2000,
  spanish,
}: {
  label: string;
  path: string;
  hint?: string;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url';
  maxLength?: number;
  /** The text has a Spanish version (content/languages.ts): its field follows when the site is in Spanish too. */
  spanish?: boolean;
}) {
  const { content, set } = useEditor();
  const value = String(getAt(content, path) ?? '');
  const english = (
    <Field label={label} path={path} {...(hint ? { hint } : {})}>
      {(props) =>
        multiline ? (
          <textarea
            {...props}
            value={value}
            rows={4}
            maxLength={maxLength}
            onChange={(e) => set(path, e.target.value)}
          />
        ) : (
          <input
            {...props}
            type={type}
            value={value}
            maxLength={maxLength}
            autoComplete="off"
            onChange={(e) => set(path, e.target.value)}
          />
        )
      }
    </Field>
  );
  if (!spanish || !inSpanishToo(content)) return english;
  return (
    <>
      {english}
      <SpanishTextField label={label} path={path} multiline={multiline} maxLength={maxLength} />
    </>
  );
}

const NO_LINES: string[] = [];

/** A list of lines ("Features", one a line) as one text box. */
export function LinesField({
  label,
  path,
  hint,
  spanish,
  id,
  lang,
  write,
}: {
  label: string;
  path: string;
  hint?: string;
  /** The lines have a Spanish version: its field follows when the site is in Spanish too. */
  spanish?: boolean;
  id?: string;
  lang?: 'es';
  /** Instead of setting the path: what the lines change (a Spanish list, through `setSpanish`). */
  write?: (lines: string[]) => void;
}) {
  const editor = useEditor();
  const { content, set } = editor;
  const lines = (getAt(content, path) as string[] | undefined) ?? NO_LINES;
  const [text, setText] = useState(() => lines.join('\n'));
  // Changed from elsewhere (a reorder, a restore): shown as it now is.
  const [seen, setSeen] = useState(lines);
  if (seen !== lines) {
    setSeen(lines);
    if (
      lines.join('\n') !==
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n')
    )
      setText(lines.join('\n'));
  }
  const field = (
    <Field label={label} path={path} {...(id ? { id } : {})} {...(hint ? { hint } : {})}>
      {(props) => (
        <textarea
          {...props}
          {...(lang ? { lang } : {})}
          value={text}
          rows={Math.max(3, lines.length + 1)}
          onChange={(e) => {
            setText(e.target.value);
            const typed = e.target.value
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean);
            if (write) write(typed);
            else set(path, typed);
          }}
        />
      )}
    </Field>
  );
  if (!spanish || !inSpanishToo(content)) return field;
  return (
    <>
      {field}
      <SpanishLinesField label={label} path={path} />
    </>
  );
}

/** Whether the site has a Spanish page (`languages` lists 'es'), so its texts have Spanish fields. */
export const inSpanishToo = (content: Content): boolean =>
  ((content.languages as string[] | undefined) ?? []).includes('es');

/** Where the Spanish of an English text is kept: `tagline` → `es.tagline`, `nav[2].label` → `es.nav[2]`. */
export const spanishPath = (path: string): string => `es.${path.replace(/^nav\[(\d+)\]\.label$/, 'nav[$1]')}`;

/** The id of the field of a path, so the list of what is missing in Spanish can take the owner to it. */
export const fieldIdOf = (path: string): string => `site-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** `es` with no holes in its lists: an item without Spanish yet is `{}` (a hole would be sent as null). */
function withoutHoles(value: unknown): unknown {
  if (Array.isArray(value)) return Array.from(value, (item) => (item === undefined ? {} : withoutHoles(item)));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutHoles(item)]));
  return value;
}

/** Sets a Spanish text at its `es.…` path (an empty one is removed: the page shows the English meanwhile). */
export function setSpanish(editor: Editor, esPath: string, value: string | string[] | undefined): void {
  const empty = value === undefined || value.length === 0;
  const es = setAt(editor.content.es ?? {}, esPath.replace(/^es\./, ''), empty ? undefined : value);
  editor.set('es', withoutHoles(es));
}

const spanishLabel = (label: string) => `${label} (Spanish)`;

/** Said under a Spanish text whose English changed since the live version while it did not. */
export const SPANISH_MAY_BE_OLD = 'The English changed: check that the Spanish still says the same.';

/** The English at `path` changed since the live version and its Spanish (which it has) did not. */
export function spanishMayBeOld(editor: Editor, path: string): boolean {
  const esPath = spanishPath(path);
  const spanish = getAt(editor.content, esPath);
  if (spanish === undefined || !editor.live) return false;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return !same(getAt(editor.content, path), getAt(editor.live, path)) && same(spanish, getAt(editor.live, esPath));
}

/** A Spanish field's hint: its own, and that its English changed when it did. */
const spanishHint = (editor: Editor, path: string, hint: string | undefined): string | undefined =>
  spanishMayBeOld(editor, path) ? [hint, SPANISH_MAY_BE_OLD].filter(Boolean).join(' ') : hint;

/** The Spanish of an English text, under it: its own name ("Summary (Spanish)"), `lang="es"`, and its problem. */
export function SpanishTextField({
  label,
  path,
  multiline,
  maxLength = 2000,
  hint,
}: {
  label: string;
  /** The English text's path. */
  path: string;
  multiline?: boolean | undefined;
  maxLength?: number;
  hint?: string;
}) {
  const editor = useEditor();
  const esPath = spanishPath(path);
  const value = String(getAt(editor.content, esPath) ?? '');
  const change = (typed: string) => setSpanish(editor, esPath, typed);
  const said = spanishHint(editor, path, hint);
  return (
    <Field label={spanishLabel(label)} path={esPath} id={fieldIdOf(esPath)} {...(said ? { hint: said } : {})}>
      {(props) =>
        multiline ? (
          <textarea
            {...props}
            lang="es"
            value={value}
            rows={4}
            maxLength={maxLength}
            onChange={(e) => change(e.target.value)}
          />
        ) : (
          <input
            {...props}
            lang="es"
            type="text"
            value={value}
            maxLength={maxLength}
            autoComplete="off"
            onChange={(e) => change(e.target.value)}
          />
        )
      }
    </Field>
  );
}

/** The Spanish of a list of lines (a package's features), one a line in the English's order. */
export function SpanishLinesField({ label, path, hint }: { label: string; path: string; hint?: string }) {
  const editor = useEditor();
  const esPath = spanishPath(path);
  return (
    <LinesField
      label={spanishLabel(label)}
      path={esPath}
      id={fieldIdOf(esPath)}
      lang="es"
      hint={spanishHint(editor, path, hint ?? 'One a line, in the order of the English.')}
      write={(lines) => setSpanish(editor, esPath, lines)}
    />
  );
}

const NUMBER = /^\d+(\.\d+)?$/;

/**
 * A number (an amount, a percentage, a count): the text as typed is kept here, and the
 * content changes only when it is a number, so "14." on the way to "14.50" is no error.
 */
export function NumberField({
  label,
  path,
  hint,
  whole,
  optional,
  alsoPath,
  onNumber,
}: {
  label: string;
  path: string;
  hint?: string;
  whole?: boolean;
  /** Empty removes the value. */
  optional?: boolean;
  alsoPath?: string;
  /** Instead of setting the path: what the number changes (a price also changes the card's text). */
  onNumber?: (value: number | undefined) => void;
}) {
  const { content, set } = useEditor();
  const stored = getAt(content, path) as number | undefined;
  const [text, setText] = useState(stored === undefined ? '' : String(stored));
  const [problem, setProblem] = useState<string | undefined>();
  // Changed from elsewhere (a reorder, a restore, or this field's own number): shown as it now is.
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setText(stored === undefined ? '' : String(stored));
    setProblem(undefined);
  }
  const change = (typed: string) => {
    setText(typed);
    const cleaned = typed.trim().replace(/,/g, '');
    const valid = cleaned === '' ? optional : whole ? /^\d+$/.test(cleaned) : NUMBER.test(cleaned);
    if (!valid) {
      setProblem(whole ? 'Enter a whole number, such as 20.' : 'Enter a number, such as 14 or 14.50.');
      return;
    }
    setProblem(undefined);
    const value = cleaned === '' ? undefined : Number(cleaned);
    if (onNumber) onNumber(value);
    else set(path, value);
  };
  return (
    <Field label={label} path={path} alsoPath={alsoPath} localProblem={problem} {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          type="text"
          inputMode={whole ? 'numeric' : 'decimal'}
          value={text}
          autoComplete="off"
          onChange={(e) => change(e.target.value)}
        />
      )}
    </Field>
  );
}

/** Adds, removes and moves the items of a list: `name` says which item, for screen readers. */
export function ItemControls({
  path,
  index,
  count,
  name,
}: {
  path: string;
  index: number;
  count: number;
  name: string;
}) {
  const editor = useEditor();
  const { content, set } = editor;
  const list = (getAt(content, path) as unknown[]) ?? [];
  // The Spanish of a list's items is a list by the same index (content/languages.ts): it moves along.
  const spanishList = getAt(content, spanishPath(path));
  const alongInSpanish = (change: (items: unknown[]) => unknown[]) => {
    if (!Array.isArray(spanishList)) return;
    const padded = Array.from({ length: Math.max(list.length, spanishList.length) }, (_, i) => spanishList[i] ?? {});
    setSpanish(editor, spanishPath(path), change(padded) as never);
  };
  const move = (to: number) => {
    const moved = (items: unknown[]) => {
      const next = [...items];
      const [item] = next.splice(index, 1);
      next.splice(to, 0, item);
      return next;
    };
    set(path, moved(list));
    alongInSpanish(moved);
  };
  const hidden = <span className="visually-hidden"> {name}</span>;
  return (
    <div className="site-item-controls">
      <button type="button" className="inbox-button" disabled={index === 0} onClick={() => move(index - 1)}>
        Move up{hidden}
      </button>
      <button type="button" className="inbox-button" disabled={index === count - 1} onClick={() => move(index + 1)}>
        Move down{hidden}
      </button>
      <button
        type="button"
        className="inbox-button inbox-destructive"
        onClick={() => {
          set(
            path,
            list.filter((_, i) => i !== index),
          );
          alongInSpanish((items) => items.filter((_, i) => i !== index));
        }}
      >
        Remove{hidden}
      </button>
    </div>
  );
}
