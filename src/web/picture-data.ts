// The picture's data is shared with the server, which renders the page (src/shared/picture-data.ts).
export type { PictureData, PictureRole } from '../shared/picture-data.js';
