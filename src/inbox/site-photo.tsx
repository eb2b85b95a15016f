// "Photo" on a package card or a menu item (issue 37): a file from the phone's camera or
// library, sent as it is to the server (which decodes it, strips its metadata and makes
// the page's sizes), with its progress and any refusal said beside it; then what the
// photo shows ("Photo description", the alt text) and "Remove photo".
import { useId, useState } from 'react';
import { ApiError } from './api.js';
import { thumbnailOf, uploadPhoto } from './site-api.js';
import { getAt, TextField, useEditor } from './site-fields.js';

type Upload = { state: 'idle' } | { state: 'sending'; sent: number } | { state: 'failed'; message: string };

export function PhotoField({ path, name }: { path: string; name: string }) {
  const { content, issues, set } = useEditor();
  const id = useId();
  const photo = getAt(content, path) as { src: string; alt: string } | undefined;
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const problem = upload.state === 'failed' ? upload.message : issues[`${path}.src`];
  const thumbnail = photo && thumbnailOf(photo.src);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ state: 'sending', sent: 0 });
    try {
      const { src } = await uploadPhoto(file, (sent) => setUpload({ state: 'sending', sent }));
      set(path, { src, alt: photo?.alt ?? '' });
      setUpload({ state: 'idle' });
    } catch (caught) {
      setUpload({
        state: 'failed',
        message: caught instanceof ApiError ? caught.message : 'The photo could not be sent. Please try again.',
      });
    }
  };

  return (
    <div className="site-photo">
      <div className="inbox-field">
        <label htmlFor={id}>Photo</label>
        {thumbnail ? <img src={thumbnail} alt="" width={80} height={80} className="site-thumbnail" /> : null}
        <input
          id={id}
          type="file"
          accept="image/*"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <span id={`${id}-hint`} className="inbox-muted inbox-hint">
          {photo ? 'A new photo replaces this one. ' : ''}JPEG, PNG, WebP or HEIC, up to 20 MB.
        </span>
        {upload.state === 'sending' ? (
          <span role="status" className="site-upload">
            <progress max={1} value={upload.sent} aria-label={`Sending the photo of ${name}`} /> Sending…{' '}
            {Math.round(upload.sent * 100)}%
          </span>
        ) : null}
        {problem ? (
          <span id={`${id}-problem`} role="alert" className="inbox-error">
            {problem}
          </span>
        ) : null}
      </div>
      {photo ? (
        <>
          <TextField
            label="Photo description"
            path={`${path}.alt`}
            hint="What the photo shows, for people who cannot see it."
            maxLength={160}
            spanish
          />
          <button type="button" className="inbox-button" onClick={() => set(path, undefined)}>
            Remove photo<span className="visually-hidden"> of {name}</span>
          </button>
        </>
      ) : null}
    </div>
  );
}
