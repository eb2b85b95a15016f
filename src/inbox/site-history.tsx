// "History" on the "Site" page (issue 37): every published version, newest first, with
// when, who and what changed; "Restore" on an older one publishes it again once the owner
// confirms (nothing changes on the first tap).
import { useState } from 'react';
import { ApiError } from './api.js';
import { dateTime } from './format.js';
import { siteApi } from './site-api.js';
import { useResource } from './use-resource.js';

export function SiteHistory({
  liveVersion,
  onRestored,
  onStale,
}: {
  liveVersion: number;
  onRestored: (version: number) => Promise<void>;
  onStale: () => void;
}) {
  const { data, error } = useResource(siteApi.history, [liveVersion], { failure: 'Could not load the history.' });
  const [confirming, setConfirming] = useState<number | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  // The newest version listed is the one live now, whichever device published it: a restore starts from it.
  const live = data?.versions[0]?.version ?? liveVersion;
  const restore = async (version: number) => {
    setFailure(undefined);
    try {
      await siteApi.restore(version, live);
      setConfirming(undefined);
      await onRestored(version);
    } catch (caught) {
      setConfirming(undefined);
      if (caught instanceof ApiError && caught.status === 409) onStale();
      else setFailure(caught instanceof ApiError ? caught.message : 'Could not restore.');
    }
  };

  return (
    <section aria-labelledby="site-history-heading" className="inbox-stack">
      <h2 id="site-history-heading">History</h2>
      {(failure ?? error) ? (
        <p role="alert" className="inbox-error">
          {failure ?? error}
        </p>
      ) : null}
      {data ? (
        <ol className="site-versions">
          {data.versions.map((entry) => (
            <li key={entry.version} className="inbox-card inbox-stack">
              <h3>
                Version {entry.version}
                {entry.version === live ? ' (live)' : ''}
              </h3>
              <p className="inbox-muted">
                {entry.publishedAt ? dateTime(entry.publishedAt) : 'The first version'}
                {entry.publishedBy ? ` · ${entry.publishedBy}` : ''}
              </p>
              {entry.changes.length > 0 ? (
                <ul>
                  {entry.changes.map((change, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a version's changes never move
                    <li key={i}>{change}</li>
                  ))}
                </ul>
              ) : null}
              {entry.version === live ? null : confirming === entry.version ? (
                <div className="site-confirm">
                  <p>
                    Publish version {entry.version} again? The site changes at once; the versions after it stay in the
                    history.
                  </p>
                  <button
                    type="button"
                    className="inbox-button inbox-primary"
                    onClick={() => void restore(entry.version)}
                  >
                    Yes, restore version {entry.version}
                  </button>
                  <button type="button" className="inbox-button" onClick={() => setConfirming(undefined)}>
                    Cancel
                  </button>
                </div>
              ) : (
                <button type="button" className="inbox-button" onClick={() => setConfirming(entry.version)}>
                  Restore<span className="visually-hidden"> version {entry.version}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p>Loading the history…</p>
      )}
    </section>
  );
}
