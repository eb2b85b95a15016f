// The inbox's calls to the owner's site API (contract 2 of issue 37, built on the server
// by the site store) and the photo upload (contract 3), with what they answer.
import type { BusinessContent } from '../../content/content-types.js';
import { ApiError, request } from './api.js';
import { OWNER_API } from '../shared/owner-api.js';

/** `{ 'packageGroups[0].packages[1].price': 'must show …' }`: each field's problem, by its path in the content. */
export type FieldIssues = Record<string, string>;

export interface LiveSite {
  version: number;
  publishedAt: string | null;
  publishedBy: string | null;
  content: BusinessContent;
}

export interface SiteDraft {
  baseVersion: number;
  content: BusinessContent;
  savedAt: string;
}

export interface SiteView {
  live: LiveSite;
  draft: SiteDraft | null;
  issues: FieldIssues;
}

export interface SiteVersion {
  version: number;
  publishedAt: string | null;
  publishedBy: string | null;
  changes: string[];
}

/** What the server says when a publish or restore starts from an older version than the one live. */
export const STALE_MESSAGE = 'Published from another device since you opened this';

export const siteApi = {
  view: (signal?: AbortSignal) => request<SiteView>('GET', OWNER_API.site, undefined, signal),
  saveDraft: (baseVersion: number, content: BusinessContent) =>
    request<{ draft: SiteDraft; issues: FieldIssues }>('PUT', OWNER_API.siteDraft, { baseVersion, content }),
  publish: (baseVersion: number) => request<{ version: number }>('POST', OWNER_API.sitePublish, { baseVersion }),
  history: (signal?: AbortSignal) =>
    request<{ versions: SiteVersion[] }>('GET', OWNER_API.siteHistory, undefined, signal),
  restore: (version: number, baseVersion: number) =>
    request<{ version: number }>('POST', OWNER_API.siteRestore, { version, baseVersion }),
};

/** The live version a 409 names, so a second try can start from it. */
export async function staleLiveVersion(): Promise<number> {
  return (await siteApi.view()).live.version;
}

/**
 * Sends a photo as it is (the server decodes and re-encodes it), telling `onProgress`
 * the share sent (0 to 1). XMLHttpRequest, as fetch tells nothing of an upload's progress.
 */
export function uploadPhoto(file: Blob, onProgress: (sent: number) => void): Promise<{ src: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', OWNER_API.sitePhotos);
    xhr.setRequestHeader('content-type', photoType(file));
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(new ApiError(0, 'Cannot reach the server. Check the connection and try again.'));
    xhr.onload = () => {
      let body: { src?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 201 && body.src) resolve({ src: body.src });
      else reject(new ApiError(xhr.status, body.message ?? `The server answered ${xhr.status}.`));
    };
    xhr.send(file);
  });
}

/** A phone may give a HEIC photo no type at all: its name tells. */
function photoType(file: Blob): string {
  if (file.type) return file.type;
  const name = (file as File).name?.toLowerCase() ?? '';
  return /\.hei[cf]$/.test(name) ? 'image/heic' : 'application/octet-stream';
}

/** Where the editor shows an uploaded photo's small copy; none for a file of the content folder. */
export function thumbnailOf(src: string): string | undefined {
  const match = /^upload:([0-9a-f]{64})$/.exec(src);
  return match ? `/photos/${match[1]}-dish-80.webp` : undefined;
}
