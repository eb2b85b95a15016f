// The landing page's boot script (one of its two inline scripts; the other arms the
// entrance animations, below). It loads the page's module only after the
// largest contentful paint: the browser's own report of it, then a frame and a task
// (where the browser makes no such report, or the page starts hidden, after the first
// frame; should no report come, 3 s after `load`). So neither the first paint nor the
// largest one ever waits for the module to be fetched and evaluated, and a lab's
// simulated slow network never counts the module in them: the HTML and its inlined
// stylesheet are the whole first view (decision records 043, 104). The module's
// address is in the tag's data-src, so the script's text, and the hash the CSP allows
// it by, are the same in every build.
//
// Browser code, kept here as text: the prerender inlines it (scripts/prerender.ts) and
// the server allows it by its hash (src/server/security-headers.ts); neither runs it.
import { CHOICE_CONTROLS } from './inquiry.js';

// A "Book" button pressed before the module has run is a plain link to the form
// (#inquiry); from the moment the body is parsed, the script remembers which one
// (window.curbsideBookedEarly), so the overlay opens on that button's choice once the
// module runs (opener.ts). Choosing a service or package in the plain form meanwhile
// forgets it: the visitor's choice stands. A press while the HTML is still arriving
// is not remembered: the form opens as it is, as before.
//
// It ends the body (scripts/prerender.ts): in the head it ran before the hero was
// parsed, and that work counted in the lab's first paint (record 125). Should the
// module fail to load, it takes `motion-ok` off again, so nothing stays hidden.
export const PAGE_BOOT_SCRIPT = `(function(src){var root=document.documentElement;var done=false;var go=function(){if(done)return;done=true;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=src;s.onerror=function(){root.classList.remove('motion-ok')};document.body.appendChild(s)};var later=function(){requestAnimationFrame(function(){setTimeout(go,0)})};document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('.book-us');if(b&&!e.button&&!e.metaKey&&!e.ctrlKey&&!e.shiftKey)window.curbsideBookedEarly=b},true);document.addEventListener('change',function(e){if(${JSON.stringify(CHOICE_CONTROLS)}.indexOf(e.target.name)>=0)window.curbsideBookedEarly=null},true);var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(document.visibilityState!=='visible'||types.indexOf('largest-contentful-paint')<0)return later();var seen=new PerformanceObserver(function(){seen.disconnect();later()});seen.observe({type:'largest-contentful-paint',buffered:true});addEventListener('load',function(){setTimeout(later,3000)})})(document.currentScript.dataset.src)`;

// The page's other inline script, one line in the head before the stylesheet: it arms the
// entrance animations (`motion-ok`, see entry-client.tsx; what it arms is below the
// fold) before any style is worked out. Added as the body was parsed, the class had the
// whole document's style worked out again in the tasks the lab counts in the first
// paint, about 1 % of it (record 129).
export const PAGE_MOTION_SCRIPT = `if(!matchMedia('(prefers-reduced-motion: reduce)').matches)document.documentElement.classList.add('motion-ok')`;

/** The page's two inline scripts, as the CSP allows them by hash. */
export const PAGE_SCRIPTS = [PAGE_MOTION_SCRIPT, PAGE_BOOT_SCRIPT] as const;

/** The tag that arms the entrance animations, in the head before the stylesheet. */
export const PAGE_MOTION_TAG = `<script>${PAGE_MOTION_SCRIPT}</script>`;

/** The tag that loads the page's module (`src`, the build's module script), at the end of the body. */
export function pageBootTag(moduleSrc: string): string {
  return `<script data-src="${moduleSrc}">${PAGE_BOOT_SCRIPT}</script>`;
}
