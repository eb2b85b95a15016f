// Photos for tests of uploads (record 270).
import sharp from 'sharp';

/** What gpsJpeg's EXIF says besides its GPS position: a served file must not hold it. */
export const EXIF_SECRET = 'SECRET-HOME-OF-THE-OWNER';

/** A camera's JPEG: 1600×1200, with its owner's GPS position and a note in its EXIF. */
export const gpsJpeg = (background = { r: 30, g: 120, b: 200 }) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: EXIF_SECRET, Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .toBuffer();
