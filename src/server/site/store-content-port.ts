// The content port backed by the store (content-port.ts, record 251): the live
// version kept in memory, switched when this instance publishes (refresh() right
// after) and, for a publish on another instance, by asking the store for the live
// version's number every `lookEveryMs` (1 s): one indexed query, the same on both
// engines and for SQLite processes sharing a file.
import { type BusinessContent, ContentError, validateContent } from '../../../content/schema.js';
import { type ContentStore, FILE_VERSION } from '../store/content-store.js';
import type { ContentPort, LiveContent } from './content-port.js';

export const LOOK_EVERY_MS = 1_000;

export interface StoreContentPort extends ContentPort {
  /** Version 1: the content file's content. */
  readonly fileContent: BusinessContent;
  /** Reads the live version's number and, when newer than this instance's, switches to it. */
  refresh(): Promise<LiveContent>;
  /** The versions before `version` that still pass the schema, newest first, the content file's last (record 400). */
  earlier(version: number): Promise<LiveContent[]>;
  /** Starts looking for versions published elsewhere (until stop()). */
  start(): void;
  stop(): void;
}

export interface StoreContentPortOptions {
  store: ContentStore;
  /** Version 1: the content file's validated content. */
  fileContent: BusinessContent;
  lookEveryMs?: number;
  /** A failed look (the database down): logged; the instance keeps serving what it has. */
  onError?: (error: unknown) => void;
}

/** The content of a stored version as the server serves it (checked again, as the schema may have grown). */
async function loadVersion(store: ContentStore, version: number, fileContent: BusinessContent): Promise<LiveContent> {
  if (version === FILE_VERSION) return { version, content: fileContent, publishedAt: null, publishedBy: null };
  const stored = await store.version(version);
  if (!stored) throw new Error(`content version ${version} is not in the store`);
  const content = validateContent(stored.content, `the site's version ${version}`);
  return { version, content, publishedAt: stored.publishedAt, publishedBy: stored.publishedBy };
}

export function storeContentPort(options: StoreContentPortOptions): StoreContentPort {
  const { store, fileContent } = options;
  let live: LiveContent = { version: FILE_VERSION, content: fileContent, publishedAt: null, publishedBy: null };
  const listeners = new Set<(live: LiveContent) => void>();
  let looking: Promise<LiveContent> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const earlier = async (version: number): Promise<LiveContent[]> => {
    const stored = (await store.versions()).filter((candidate) => candidate.version < version);
    const loaded = await Promise.all(
      stored.map((candidate) => loadVersion(store, candidate.version, fileContent).catch(() => undefined)),
    );
    const file = await loadVersion(store, FILE_VERSION, fileContent);
    return [...loaded.filter((candidate): candidate is LiveContent => candidate !== undefined), file];
  };
  // A live version the schema now refuses (it has grown since) is served with the newest
  // earlier content it takes, under the live version's number so the owner's next publish
  // starts from it; logged, and the server starts (record 400).
  const look = async (): Promise<LiveContent> => {
    const version = await store.liveVersion();
    if (version <= live.version) return live;
    live = await loadVersion(store, version, fileContent).catch(async (error: unknown) => {
      if (!(error instanceof ContentError)) throw error;
      options.onError?.(error);
      return { ...(await earlier(version))[0]!, version };
    });
    for (const listener of listeners) {
      try {
        listener(live);
      } catch (error) {
        options.onError?.(error);
      }
    }
    return live;
  };
  // Looks one after another, so one asked for after a publish sees it (a look already
  // under way may have read the version before the publish committed).
  const refresh = (): Promise<LiveContent> => {
    const next = (looking ?? Promise.resolve(live)).catch(() => live).then(look);
    looking = next;
    void next
      .finally(() => {
        if (looking === next) looking = undefined;
      })
      .catch(() => {});
    return next;
  };
  return {
    fileContent,
    current: () => live,
    earlier,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    start() {
      timer ??= setInterval(() => {
        // A tick while a look is under way (a slow database) is skipped, never queued.
        if (!looking) refresh().catch((error: unknown) => options.onError?.(error));
      }, options.lookEveryMs ?? LOOK_EVERY_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
