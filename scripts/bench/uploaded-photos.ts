// The landing page with the owner's photos uploaded from the phone (issue 37 item 4): each
// package's and menu item's photo replaced by the same picture as an upload (`upload:`,
// re-encoded by the server and drawn from the store, record 270), published as a version,
// in Lighthouse's mobile preset beside the build's page on a server of its own, alternating,
// the median of 9 runs each: the page's budgets hold with the owner's photos too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { content } from '../../content/index.js';
import type { BusinessContent } from '../../content/schema.js';
import { CONTENT_DIR } from '../../src/build/pictures.js';
import { makePhoto } from '../../src/server/photos/photo-files.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { besideLanding, type LighthouseSummary, withServer } from './page.js';
import { formatBesideLanding } from './spanish-page.js';

export interface UploadedPhotosBench {
  uploaded: LighthouseSummary;
  landing: LighthouseSummary;
  photos: number;
}

const BENCH_OWNER = { id: 'bench', email: 'bench@example.com' };

/** Publishes the content with each photo from the content folder uploaded instead; gives how many photos. */
async function publishWithUploads(dataDir: string): Promise<number> {
  const owners = openSqliteOwnerStore(dataDir);
  const next: BusinessContent = structuredClone(content);
  const made = new Map<string, string>();
  const photos = [
    ...next.packageGroups.flatMap((group) => group.packages.map((card) => card.photo)),
    ...(next.menu?.groups ?? []).flatMap((group) => group.items.map((item) => item.photo)),
  ].filter((photo) => photo !== undefined && !photo.src.startsWith('upload:'));
  for (const photo of photos) {
    if (!made.has(photo!.src)) {
      const upload = await makePhoto(readFileSync(join(CONTENT_DIR, photo!.src)));
      await owners.photos.savePhoto(upload.info, upload.files, BENCH_OWNER, new Date());
      made.set(photo!.src, `upload:${upload.info.hash}`);
    }
    photo!.src = made.get(photo!.src)!;
  }
  const published = await owners.siteContent.publish(1, next, BENCH_OWNER.email, new Date());
  if (published.status !== 'published')
    throw new Error(`The version with uploaded photos was not published: ${published.status}`);
  await owners.close();
  return made.size;
}

export function runUploadedPhotosBench(): Promise<UploadedPhotosBench> {
  let photos = 0;
  const seed = async (dataDir: string) => {
    photos = await publishWithUploads(dataDir);
  };
  return withServer('dist/client', (landingUrl) =>
    withServer(
      'dist/client',
      async (uploadedUrl) => {
        const { page, landing } = await besideLanding(uploadedUrl, landingUrl);
        return { uploaded: page, landing, photos };
      },
      { seed },
    ),
  );
}

export const formatUploadedPhotosBench = ({ uploaded, landing }: UploadedPhotosBench): string =>
  formatBesideLanding(uploaded, landing, "/ with the owner's uploads");
