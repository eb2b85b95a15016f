// The inbox's "Site" page (issue 37, design.md "The owner's own site, from the phone"):
// the owner edits the site's content one part at a time on a phone. Every change is a
// draft kept on the server a moment after typing stops (a closed tab or another device
// loses nothing); "Publish" makes it the site, "Preview" shows the page with it, and
// "History" lists every version with what changed, each restorable after a confirmation.
// A publish from an older version than the one live is refused by the server (409): the
// page says so and keeps what was typed.
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api.js';
import { dateTime } from './format.js';
import { type FieldIssues, type SiteView, STALE_MESSAGE, siteApi } from './site-api.js';
import { type Content, EditorContext, setAt } from './site-fields.js';
import { SiteHistory } from './site-history.js';
import { PARTS, Part, type PartId } from './site-parts.js';
import { MissingNotice } from './site-spanish.js';
import { navigate, SITE, useLocation } from './use-location.js';

/** How long typing pauses before the draft is sent. */
export const SAVE_AFTER_MS = 800;
/** The page with the draft, for the owner only. */
export const PREVIEW_URL = '/inbox/site/preview';

type Problem = { kind: 'stale' } | { kind: 'failed'; message: string };

export function SitePage() {
  const url = useLocation();
  const part = (url.searchParams.get('part') ?? 'business') as PartId | 'history';
  const [view, setView] = useState<SiteView | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  useEffect(() => {
    document.title = 'Site · Inbox';
    siteApi
      .view()
      .then(setView, (caught) =>
        setLoadError(caught instanceof ApiError ? caught.message : 'Could not load the site.'),
      );
  }, []);
  if (!view)
    return loadError ? (
      <p role="alert" className="inbox-error">
        {loadError}
      </p>
    ) : (
      <p>Loading the site…</p>
    );
  return <SiteEditor initial={view} part={part} onReload={(next) => setView(next)} />;
}

function SiteEditor({
  initial,
  part,
  onReload,
}: {
  initial: SiteView;
  part: PartId | 'history';
  onReload: (view: SiteView) => void;
}) {
  const draft = useDraft(initial);
  const [problem, setProblem] = useState<Problem | undefined>();
  const [said, setSaid] = useState<string>(liveLine(initial));
  const [busy, setBusy] = useState(false);

  const reload = async (message: string) => {
    const next = await siteApi.view();
    draft.reset(next);
    onReload(next);
    setSaid(message);
  };

  const publish = async (fromLive?: number) => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      if (fromLive !== undefined) draft.rebase(fromLive);
      await draft.flush();
      const { version } = await siteApi.publish(draft.baseVersion());
      await reload(`Published: the site shows it now, as version ${version} (${dateTime(new Date().toISOString())}).`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) setProblem({ kind: 'stale' });
      else {
        if (caught instanceof ApiError && caught.fields) draft.setIssues(caught.fields);
        const message = caught instanceof ApiError ? caught.message : 'Could not publish.';
        setProblem({ kind: 'failed', message: `Not published: ${message}` });
      }
    } finally {
      setBusy(false);
    }
  };

  const preview = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    await draft.flush();
    location.assign(PREVIEW_URL);
  };

  return (
    <EditorContext value={draft.editor}>
      <div className="site-page inbox-stack">
        <h1>Site</h1>
        <PartsNav part={part} />
        <div className="site-actions">
          <a href={PREVIEW_URL} className="inbox-button" onClick={(event) => void preview(event)}>
            Preview
          </a>
          <button
            type="button"
            className="inbox-button inbox-primary"
            aria-disabled={busy}
            onClick={() => void publish()}
          >
            Publish
          </button>
          <button
            type="button"
            className="inbox-button"
            aria-pressed={part === 'history'}
            onClick={() => navigate(`${SITE}?part=history`)}
          >
            History
          </button>
        </div>
        <p role="status" className="inbox-muted site-status">
          {draft.saving ?? said}
        </p>
        <ProblemNotice problem={problem} onPublishOver={() => void publishOver(publish)} />
        {part === 'history' ? (
          <SiteHistory
            liveVersion={draft.liveVersion}
            onRestored={(version) => reload(`Restored: version ${version} is live now.`)}
            onStale={() => setProblem({ kind: 'stale' })}
          />
        ) : (
          <section aria-labelledby="site-part-heading" className="inbox-stack site-part">
            <h2 id="site-part-heading">{PARTS.find(([id]) => id === part)?.[1] ?? 'Business'}</h2>
            {part === 'spanish' ? null : <MissingNotice />}
            <Part part={part} />
          </section>
        )}
      </div>
    </EditorContext>
  );
}

/** The links to each part of the site, the one shown marked current. */
function PartsNav({ part }: { part: PartId | 'history' }) {
  return (
    <nav aria-label="Parts of the site" className="site-parts">
      {PARTS.map(([id, label]) => (
        <a
          key={id}
          href={`${SITE}?part=${id}`}
          className="site-part-link"
          aria-current={part === id ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            navigate(`${SITE}?part=${id}`);
          }}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}

/** What went wrong with the last publish: a 409 offers to publish over the live version. */
function ProblemNotice({ problem, onPublishOver }: { problem: Problem | undefined; onPublishOver: () => void }) {
  return problem?.kind === 'stale' ? (
    <div role="alert" className="inbox-error site-stale">
      <p>{STALE_MESSAGE}</p>
      <p>What you typed is kept. Look at the History, or publish your version over the other one.</p>
      <button type="button" className="inbox-button" onClick={onPublishOver}>
        Publish mine anyway
      </button>
    </div>
  ) : problem ? (
    <p role="alert" className="inbox-error">
      {problem.message}
    </p>
  ) : null;
}

/** After a 409: publishes what was typed over the version now live. */
async function publishOver(publish: (fromLive?: number) => Promise<void>) {
  const { live } = await siteApi.view();
  await publish(live.version);
}

function liveLine(view: SiteView): string {
  const { live, draft } = view;
  const since = live.publishedAt ? `, published ${dateTime(live.publishedAt)}` : '';
  return `Version ${live.version} is live${since}.${draft ? ' You have changes not published yet.' : ''}`;
}

/** The content being edited, sent to the server as a draft shortly after each change. */
function useDraft(initial: SiteView) {
  const [content, setContent] = useState<Content>(() => (initial.draft?.content ?? initial.live.content) as never);
  const [issues, setIssues] = useState<FieldIssues>(initial.issues);
  const [saving, setSaving] = useState<string | undefined>();
  const [liveVersion, setLiveVersion] = useState(initial.live.version);
  const [live, setLive] = useState<Content>(() => initial.live.content as never);
  const base = useRef(initial.draft?.baseVersion ?? initial.live.version);
  const latest = useRef(content);
  const dirty = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const save = useCallback(() => {
    window.clearTimeout(timer.current);
    if (!dirty.current) return chain.current;
    dirty.current = false;
    setSaving('Saving…');
    chain.current = chain.current.then(async () => {
      try {
        const answer = await siteApi.saveDraft(base.current, latest.current as never);
        setIssues(answer.issues);
        setSaving(dirty.current ? 'Saving…' : 'Draft saved: not on the site until you publish.');
      } catch (caught) {
        dirty.current = true;
        setSaving(caught instanceof ApiError ? `Not saved: ${caught.message}` : 'Not saved.');
        throw caught;
      }
    });
    return chain.current;
  }, []);

  const set = useCallback(
    (path: string, value: unknown) => {
      setContent((current) => {
        const next = setAt(current, path, value);
        latest.current = next;
        return next;
      });
      dirty.current = true;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save().catch(() => {}), SAVE_AFTER_MS);
    },
    [save],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    editor: { content, live, issues, set },
    saving,
    liveVersion,
    setIssues,
    baseVersion: () => base.current,
    flush: () => save(),
    /** Starts the draft from `version` (after a 409): what was typed is sent again on top of it. */
    rebase(version: number) {
      base.current = version;
      dirty.current = true;
    },
    reset(view: SiteView) {
      const next = (view.draft?.content ?? view.live.content) as never;
      latest.current = next;
      dirty.current = false;
      base.current = view.draft?.baseVersion ?? view.live.version;
      setContent(next);
      setIssues(view.issues);
      setSaving(undefined);
      setLiveVersion(view.live.version);
      setLive(view.live.content as never);
    },
  };
}
