// Draws the demo business's pictures into content/images/ (run once; the files
// are committed): the logo mark and some client logos as SVG, two client logos as
// PNG, and the package photos as JPEG, so the demo exercises every path of the
// picture pipeline. Nothing is fetched: every picture is drawn here.
// Run: npx tsx scripts/make-demo-pictures.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const dir = 'content/images';
mkdirSync(dir, { recursive: true });
const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

// The owner's logo mark: a lime slice with a taco in front.
const segments = Array.from({ length: 8 }, (_, i) => {
  const a = (i * Math.PI) / 4;
  const b = a + Math.PI / 4;
  const p = (angle: number, r: number) =>
    `${(64 + r * Math.cos(angle)).toFixed(1)} ${(64 + r * Math.sin(angle)).toFixed(1)}`;
  return `<path d="M${p(a + 0.08, 12)} L${p(a + 0.06, 46)} A46 46 0 0 1 ${p(b - 0.06, 46)} L${p(b - 0.08, 12)} Z" fill="#9ed14b"/>`;
}).join('');
const logoMark = svg(
  128,
  128,
  `<circle cx="64" cy="64" r="62" fill="#0f5c3a"/><circle cx="64" cy="64" r="52" fill="#f7f3d6"/>${segments}` +
    `<path d="M22 92a42 42 0 0 1 84 0z" fill="#f2b705"/><path d="M30 92a34 34 0 0 1 68 0" fill="none" stroke="#c98a00" stroke-width="3"/>` +
    `<circle cx="48" cy="80" r="6" fill="#d9412b"/><circle cx="64" cy="74" r="6" fill="#3f8f3a"/><circle cx="80" cy="80" r="6" fill="#d9412b"/>`,
);
writeFileSync(join(dir, 'logo-mark.svg'), `${logoMark}\n`);

// Client logos drawn as SVG (served as they are).
const clientSvgs: Record<string, string> = {
  'riverbend-elementary.svg': svg(
    220,
    60,
    `<path d="M8 44c14-16 26 8 40-8s26 8 40-8" fill="none" stroke="#2a6fb0" stroke-width="6" stroke-linecap="round"/>` +
      `<text x="96" y="28" font-family="Georgia, serif" font-size="20" font-weight="700" fill="#1d3b5c">Riverbend</text>` +
      `<text x="96" y="50" font-family="Georgia, serif" font-size="14" fill="#2a6fb0" letter-spacing="2">ELEMENTARY</text>`,
  ),
  'blue-door-studios.svg': svg(
    200,
    60,
    `<rect x="6" y="6" width="30" height="48" rx="3" fill="#1f4fa8"/><circle cx="29" cy="32" r="2.5" fill="#f2b705"/>` +
      `<text x="46" y="30" font-family="Helvetica, Arial, sans-serif" font-size="19" font-weight="800" fill="#1f4fa8">BLUE DOOR</text>` +
      `<text x="46" y="50" font-family="Helvetica, Arial, sans-serif" font-size="13" fill="#4a524e" letter-spacing="3">STUDIOS</text>`,
  ),
  'harbor-tech.svg': svg(
    190,
    60,
    `<path d="M10 40h36l-6 12H16z" fill="#0d7c86"/><path d="M28 8v30M28 10l14 22H28" fill="#5cc3cb" stroke="#0d7c86" stroke-width="3"/>` +
      `<text x="56" y="40" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#0b4f56">harbor<tspan fill="#0d7c86" font-weight="400">tech</tspan></text>`,
  ),
};
for (const [name, text] of Object.entries(clientSvgs)) writeFileSync(join(dir, name), `${text}\n`);

// Client logos as PNG with transparency, at 3× their 48 px display height.
const clientPngs: Record<string, string> = {
  'northside-co-op.png': svg(
    480,
    144,
    `<circle cx="72" cy="72" r="60" fill="#6a8f2a"/><path d="M72 36c22 10 26 40 0 72-26-32-22-62 0-72z" fill="#e8f2c8"/>` +
      `<text x="150" y="70" font-family="Georgia, serif" font-size="46" font-weight="700" fill="#3f5a14">Northside</text>` +
      `<text x="152" y="116" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#6a8f2a" letter-spacing="8">CO-OP</text>`,
  ),
  'sunday-market.png': svg(
    560,
    144,
    `<circle cx="70" cy="72" r="34" fill="#f2a007"/>` +
      Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<path d="M${70 + 42 * Math.cos(a)} ${72 + 42 * Math.sin(a)}L${70 + 60 * Math.cos(a)} ${72 + 60 * Math.sin(a)}" stroke="#f2a007" stroke-width="8" stroke-linecap="round"/>`;
      }).join('') +
      `<text x="148" y="90" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="800" fill="#b4510f">Sunday Market</text>`,
  ),
};
for (const [name, text] of Object.entries(clientPngs)) {
  await sharp(Buffer.from(text)).png({ palette: true }).toFile(join(dir, name));
}

// Package "photos": tacos and sides on a table, 960×640 (3:2).
const W = 960;
const H = 640;
const table = `<defs><linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a5a36"/><stop offset="1" stop-color="#5e3b22"/></linearGradient>
<radialGradient id="light" cx=".35" cy=".3" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#t)"/>${Array.from({ length: 9 }, (_, i) => `<rect y="${i * 72 + 30}" width="${W}" height="3" fill="#4a2e1a" opacity=".35"/>`).join('')}`;
const plate = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy + 10}" rx="${rx}" ry="${ry}" fill="#000" opacity=".25"/><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#f4efe6"/><ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.82}" ry="${ry * 0.8}" fill="#e9e2d4"/>`;
const taco = (x: number, y: number, filling: string, topping: string) =>
  `<g transform="translate(${x} ${y}) scale(1.35)"><path d="M-70 10a70 62 0 0 1 140 0z" fill="#e8c36a"/><path d="M-58 8c8-26 30-40 58-40s50 14 58 40" fill="${filling}"/>` +
  `<path d="M-52 -4c14-8 20 4 32-6s22 6 34-4 20 6 34 0" fill="none" stroke="#4f9a3a" stroke-width="7" stroke-linecap="round"/>` +
  `<circle cx="-24" cy="-14" r="6" fill="${topping}"/><circle cx="6" cy="-20" r="6" fill="${topping}"/><circle cx="32" cy="-10" r="6" fill="${topping}"/>` +
  `<path d="M-70 10a70 62 0 0 1 140 0" fill="none" stroke="#c9962f" stroke-width="5"/></g>`;
const lime = (x: number, y: number) =>
  `<g transform="translate(${x} ${y})"><path d="M-30 0a30 30 0 0 0 60 0z" fill="#4f9a3a"/><path d="M-24 0a24 24 0 0 0 48 0z" fill="#b8e07a"/></g>`;
const bowl = (x: number, y: number, colour: string) =>
  `<g transform="translate(${x} ${y})"><ellipse cy="8" rx="74" ry="30" fill="#000" opacity=".25"/><path d="M-70 -6a70 46 0 0 0 140 0z" fill="#2f6f8f"/><ellipse cy="-6" rx="70" ry="22" fill="${colour}"/></g>`;
const chips = (x: number, y: number) =>
  Array.from(
    { length: 7 },
    (_, i) =>
      `<path transform="translate(${x + (i % 4) * 34} ${y + Math.floor(i / 4) * 30}) rotate(${i * 23})" d="M0 -24L22 16H-22z" fill="#f0c255" stroke="#c9962f" stroke-width="3"/>`,
  ).join('');
const corn = (x: number, y: number) =>
  `<g transform="translate(${x} ${y}) rotate(-18)"><rect x="-90" y="-24" width="180" height="48" rx="24" fill="#f2c230"/>${Array.from({ length: 8 }, (_, i) => `<path d="M${-70 + i * 20} -20v40" stroke="#d99e12" stroke-width="3"/>`).join('')}<path d="M-80 -10h160" stroke="#fff" stroke-width="6" opacity=".7"/><rect x="88" y="-6" width="40" height="12" rx="4" fill="#c89b62"/></g>`;
const churro = (x: number, y: number, angle: number) =>
  `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-80" y="-12" width="160" height="24" rx="12" fill="#c47a2c"/>${Array.from({ length: 4 }, (_, i) => `<path d="M-74 ${-8 + i * 5}h148" stroke="#9b5a1c" stroke-width="2"/>`).join('')}</g>`;
const glass = (x: number, y: number, colour: string) =>
  `<g transform="translate(${x} ${y})"><ellipse cy="64" rx="44" ry="14" fill="#000" opacity=".2"/><path d="M-40 -70h80l-8 134h-64z" fill="${colour}" opacity=".85"/><path d="M-40 -70h80" stroke="#fff" stroke-width="4" opacity=".8"/><path d="M16 -90l-6 60" stroke="#d9412b" stroke-width="8" stroke-linecap="round"/></g>`;

const photos: Record<string, string> = {
  'mini.jpg':
    table +
    plate(480, 340, 360, 190) +
    taco(330, 350, '#7a3b22', '#f4efe6') +
    taco(480, 330, '#b5542d', '#d9412b') +
    taco(630, 350, '#6b4a2f', '#f4efe6') +
    lime(300, 470) +
    lime(660, 480),
  'basic.jpg':
    table +
    plate(400, 360, 320, 180) +
    taco(280, 360, '#7a3b22', '#d9412b') +
    taco(420, 340, '#b5542d', '#f4efe6') +
    taco(350, 450, '#6b4a2f', '#d9412b') +
    taco(500, 440, '#8a3b1f', '#f4efe6') +
    bowl(790, 200, '#7cb342') +
    chips(740, 430) +
    glass(820, 470, '#e85a7a'),
  'premium.jpg':
    table +
    plate(360, 330, 300, 170) +
    taco(250, 330, '#6b1f14', '#f4efe6') +
    taco(390, 310, '#7a3b22', '#d9412b') +
    taco(320, 420, '#b5542d', '#f4efe6') +
    corn(700, 160) +
    churro(720, 420, -8) +
    churro(740, 470, 6) +
    glass(130, 520, '#f2b705') +
    glass(880, 300, '#e85a7a'),
  'custom.jpg':
    table +
    bowl(200, 160, '#7a3b22') +
    bowl(480, 130, '#b5542d') +
    bowl(760, 160, '#6b4a2f') +
    bowl(300, 330, '#7cb342') +
    bowl(640, 330, '#d9412b') +
    plate(480, 520, 260, 100) +
    `<g transform="translate(480 520)">${Array.from({ length: 5 }, (_, i) => `<ellipse cx="${(i - 2) * 12}" cy="${-i * 6}" rx="110" ry="40" fill="#efd9a0" stroke="#d1b36a" stroke-width="3"/>`).join('')}</g>` +
    lime(860, 520) +
    lime(100, 520),
};
for (const [name, body] of Object.entries(photos)) {
  // A little grain and the table's light, so the JPEG looks and compresses like a photo.
  const base = await sharp(Buffer.from(svg(W, H, `${body}<rect width="${W}" height="${H}" fill="url(#light)"/>`)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = base;
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >> 16) % 9) - 4));
  }
  await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .blur(0.6)
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(join(dir, name));
}
console.log(`Wrote the demo pictures into ${dir}/`);
