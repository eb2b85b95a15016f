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
// forgets it: the visitor's choice stands. A package's button links to the form page
// with its package (for a visitor without JavaScript, book-us.tsx): with the script it
// shows the page's own form instead, as the others do. A press while the HTML is still
// arriving is not remembered: the form opens as it is (a package's on the form page).
// Once the module runs (window.curbsideModule), opener.ts answers every press.
//
// It ends the body (scripts/prerender.ts): in the head it ran before the hero was
// parsed, and that work counted in the lab's first paint (record 125). Should the
// module fail to load, it takes `motion-ok` off again, so nothing stays hidden.
const BOOK_EARLY = `document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('.book-us');if(b&&!e.button&&!e.metaKey&&!e.ctrlKey&&!e.shiftKey){window.curbsideBookedEarly=b;if(!window.curbsideModule&&b.hash!=='#inquiry'){e.preventDefault();location.hash='inquiry'}}},true);document.addEventListener('change',function(e){if(${JSON.stringify(CHOICE_CONTROLS)}.indexOf(e.target.name)>=0)window.curbsideBookedEarly=null},true);`;

// Every control works from the first paint, before the module has run (record 160). The
// menu is a native popover (navbar.tsx) and the form a link and a plain form; what
// native HTML cannot do, these few listeners do on the prerendered markup, by the DOM
// contract alone, until the module says it has taken over (window.curbsideModule, set
// just before it hydrates, entry-client.tsx): React then handles every event (it
// hydrates the part an event lands in at once), and each component starts from the
// state these left in the DOM, so nothing flashes and nothing is lost.
// - package tabs: a click, or the arrows, Home and End, select a tab and show its panel;
// - the hero: a click on the area or on the lights toggles `lights-on` and aria-pressed;
// - the menu: its open state mirrored to `nav-active` and aria-expanded, closed when one
//   of its links is followed (a browser without popovers toggles it on a click);
// - the form shown by #inquiry: Escape closes it, as the overlay's does;
// - the entrance animations: from the largest paint on (below), a section is revealed as
//   it scrolls into view, as the module's own observer would (use-reveal.ts), so nothing
//   stays hidden while the module is on its way.
const EARLY_CONTROLS = [
  `var live=function(){return window.curbsideModule};`,
  `var select=function(tab){var tabs=tab.parentNode.querySelectorAll('[role=tab]');for(var i=0;i<tabs.length;i++){var on=tabs[i]===tab,panel=document.getElementById(tabs[i].getAttribute('aria-controls'));tabs[i].classList.toggle('active',on);tabs[i].setAttribute('aria-selected',on);tabs[i].tabIndex=on?0:-1;if(panel)panel.hidden=!on}tab.focus()};`,
  `var menu=function(bar,open){bar.classList.toggle('nav-active',open);bar.querySelector('.nav-toggle').setAttribute('aria-expanded',open)};`,
  `var nav=document.getElementById('nav-links'),bar=nav&&nav.closest('.navbar');if(bar)menu(bar,false);`,
  `document.addEventListener('click',function(e){var t=e.target;if(live()||!t.closest)return;var tab=t.closest('[role=tab]');if(tab)return select(tab);`,
  `if(bar&&t.closest('.nav-toggle')&&!nav.showPopover)menu(bar,!bar.classList.contains('nav-active'));`,
  `if(bar&&t.closest('#nav-links a')){if(nav.hidePopover&&nav.matches(':popover-open'))nav.hidePopover();else menu(bar,false)}`,
  `var hero=t.closest('.hero');if(hero&&!t.closest('a,input,select,textarea,label,button:not(.hero-lights)')&&!String(getSelection())){var on=hero.classList.toggle('lights-on'),lights=hero.querySelector('.hero-lights');if(lights)lights.setAttribute('aria-pressed',on)}},true);`,
  `document.addEventListener('toggle',function(e){if(!live()&&bar&&e.target===nav)menu(bar,e.newState==='open')},true);`,
  `document.addEventListener('keydown',function(e){if(live())return;if(e.key==='Escape'&&location.hash==='#inquiry')return void(location.hash='close');var tab=e.target.closest&&e.target.closest('[role=tab]');if(!tab)return;var tabs=[].slice.call(tab.parentNode.querySelectorAll('[role=tab]')),n=tabs.length,i=tabs.indexOf(tab),to={ArrowRight:i+1,ArrowLeft:i+n-1,Home:0,End:n-1}[e.key];if(to===undefined)return;e.preventDefault();select(tabs[to%n])},true);`,
  // For the bench: when the controls went live, beside the first paint and the module's hydration.
  `if(performance.mark)performance.mark('curbside-controls');`,
].join('');

// The entrances' observer starts with the module's request, after the largest paint (below):
// observing as the body was parsed had Chrome lay out a frame of its own before the first
// paint, which a lab counts in the first paint (record 160). Nothing it reveals is in the
// first view.
const REVEAL = `var reveal=function(){if(!root.classList.contains('motion-ok')||!window.IntersectionObserver)return;var seen=new IntersectionObserver(function(entries){entries.forEach(function(entry){if(entry.isIntersecting){entry.target.dataset.revealed='';seen.unobserve(entry.target)}})},{rootMargin:'0px 0px -15% 0px'});[].forEach.call(document.querySelectorAll('.package-group,.why-us-text'),function(el){seen.observe(el)})};`;

// Then the module, after the largest paint (above).
const LOAD_MODULE = `var done=false;var go=function(){if(done)return;done=true;reveal();var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=src;s.onerror=function(){root.classList.remove('motion-ok')};document.body.appendChild(s)};var later=function(){requestAnimationFrame(function(){setTimeout(go,0)})};var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(document.visibilityState!=='visible'||types.indexOf('largest-contentful-paint')<0)return later();var painted=new PerformanceObserver(function(){painted.disconnect();later()});painted.observe({type:'largest-contentful-paint',buffered:true});addEventListener('load',function(){setTimeout(later,3000)})`;

export const PAGE_BOOT_SCRIPT = `(function(src){var root=document.documentElement;${BOOK_EARLY}${EARLY_CONTROLS}${REVEAL}${LOAD_MODULE}})(document.currentScript.dataset.src)`;

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
