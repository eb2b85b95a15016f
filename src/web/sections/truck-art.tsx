// The hero's food truck, drawn inline (no image request, crisp at any size).
// TruckArt is the truck; TruckLightsArt is its lights on a layer of their own,
// drawn in the same 480×300 box, so the two stack exactly and move together.
import { type BusinessContent, content } from '../../../content/index.js';

const VIEW_BOX = '0 0 480 300';
const AWNING_STRIPES = Array.from({ length: 9 }, (_, i) => 70 + i * 22);
const BULBS = Array.from({ length: 10 }, (_, i) => 78 + i * 21);
/** Letters the roof sign holds at its size; a longer word is squeezed to fit. */
const SIGN_LETTERS = 9;

/** The roof sign's word: the content's plural of the product ('TACOS'), or the product word itself ('RAMEN'). */
export const signWord = (business: Pick<BusinessContent, 'product' | 'productPlural'>) =>
  (business.productPlural ?? business.product).toUpperCase();

export function TruckArt({ className }: { className: string }) {
  return (
    <svg className={className} viewBox={VIEW_BOX} aria-hidden="true" focusable="false">
      <ellipse cx="240" cy="272" rx="210" ry="14" fill="#000" opacity=".18" />
      {/* body */}
      <rect x="40" y="58" width="310" height="184" rx="18" fill="#fdfbf5" />
      <rect x="40" y="196" width="310" height="22" fill="var(--brand)" />
      {/* cab */}
      <path d="M350 104h58c10 0 18 5 23 14l25 48c3 6 4 12 4 18v44c0 8-6 14-14 14H350z" fill="#fdfbf5" />
      <path d="M362 116h42c6 0 10 3 13 8l20 40h-75z" fill="#244a5c" />
      <path d="M370 122h22l-14 38h-8z" fill="#fff" opacity=".25" />
      <rect x="350" y="196" width="110" height="22" fill="var(--brand)" />
      <rect x="376" y="176" width="16" height="4" rx="2" fill="#9aa3a8" />
      {/* headlight housing and bumper */}
      <rect x="446" y="180" width="14" height="12" rx="3" fill="#d8dde0" />
      <rect x="440" y="226" width="26" height="10" rx="4" fill="#5b6469" />
      {/* serving window */}
      <rect x="66" y="98" width="210" height="82" rx="6" fill="#2b2f33" />
      <rect x="74" y="106" width="194" height="66" rx="4" fill="#3a4248" />
      <rect x="62" y="176" width="218" height="10" rx="3" fill="#b9c0c4" />
      {/* awning */}
      {AWNING_STRIPES.map((x, i) => (
        <path key={x} d={`M${x - 11} 76h22v14a11 11 0 0 1-22 0z`} fill={i % 2 ? '#fff' : 'var(--accent)'} />
      ))}
      <rect x="56" y="70" width="230" height="8" rx="4" fill="var(--brand)" />
      {/* roof sign */}
      <rect x="110" y="20" width="170" height="40" rx="10" fill="var(--brand)" />
      <text
        x="195"
        y="48"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight="800"
        fontSize="22"
        fill="#fff"
        letterSpacing="3"
        {...(signWord(content).length > SIGN_LETTERS ? { textLength: 156, lengthAdjust: 'spacingAndGlyphs' } : {})}
      >
        {signWord(content)}
      </text>
      {/* side menu board */}
      <rect x="292" y="98" width="44" height="82" rx="4" fill="var(--accent)" />
      <path
        d="M300 112h28M300 124h22M300 136h26M300 148h18M300 160h24"
        stroke="#3a3000"
        strokeWidth="3"
        strokeLinecap="round"
      />
      {/* wheels */}
      {[118, 392].map((cx) => (
        <g key={cx}>
          <circle cx={cx} cy="240" r="34" fill="#23272a" />
          <circle cx={cx} cy="240" r="16" fill="#c9cfd2" />
          <circle cx={cx} cy="240" r="5" fill="#23272a" />
        </g>
      ))}
    </svg>
  );
}

export function TruckLightsArt() {
  return (
    <svg viewBox={VIEW_BOX} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="beam" x1="0" x2="1">
          <stop offset="0" stopColor="#fff6c2" stopOpacity=".95" />
          <stop offset="1" stopColor="#fff6c2" stopOpacity="0" />
        </linearGradient>
        <radialGradient id="bulb-glow">
          <stop offset="0" stopColor="#ffe37a" stopOpacity=".9" />
          <stop offset="1" stopColor="#ffe37a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <g className="lights-glow">
        <path d="M458 180 L480 150 L480 228 L458 192z" fill="url(#beam)" />
        <rect x="74" y="106" width="194" height="66" rx="4" fill="#ffd76a" opacity=".55" />
        <rect x="110" y="20" width="170" height="40" rx="10" fill="#fff" opacity=".18" />
        {BULBS.map((cx) => (
          <circle key={`glow-${cx}`} cx={cx} cy="100" r="10" fill="url(#bulb-glow)" />
        ))}
      </g>
      <path d="M66 92 Q171 106 276 92" fill="none" stroke="#3b3b3b" strokeWidth="1.5" />
      {BULBS.map((cx) => (
        <circle key={cx} className="lights-bulb" cx={cx} cy="99" r="3.5" />
      ))}
      <rect className="lights-bulb" x="448" y="182" width="10" height="8" rx="2" />
    </svg>
  );
}
