// The page's data element, read once as the bundle loads (src/shared/page-data.ts): the
// content and pictures the hydrated parts render, the same the server rendered the HTML from.
import { PAGE_DATA_ID, type PageData } from '../shared/page-data.js';

export const pageData = JSON.parse(document.getElementById(PAGE_DATA_ID)?.textContent ?? 'null') as PageData;
