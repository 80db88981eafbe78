import { createHash } from 'node:crypto';
import { HELD_TAP_TARGETS } from '@vizinhanca/shared/first-screen/held-taps';
import { escapeAttribute } from './html-attribute.ts';

/**
 * A page whose first screen the server drew (first-screen-render.ts) is complete without the app's
 * script: the script only adopts it. Requested from the head (module script and modulepreloads), the
 * ~130 KB of it competed with the markup and stylesheet, and a phone's first paint waited for it
 * (Lighthouse: LCP 2.6-3.2 s against 0.8 s for the markup alone; docs/decisions/013-first-screen.md).
 * On those pages the scripts are instead started by this small inline
 * script after the first frame, or at once when the page is hidden (no frame comes then).
 *
 * Until the app runs, the markup is only a picture of the screen, so the script also keeps what the person
 * does meanwhile: Chrome's install prompt (`beforeinstallprompt` may fire before the app's own listener
 * exists; it waits in `window.vzInstallPrompt` for client/src/features/pwa/install-prompt.ts), and taps on
 * buttons and forms sent (held in `window.vzHeldBeforeStart`: a tab would not switch, a form would reload the
 * page with nothing; client/src/lib/typed-before-hydration.ts does them again once the app owns the page).
 * Switches and radio buttons cannot be changed until then (the tap is refused, not replayed): changed on the
 * markup, the control would show one thing while the app's state, and what it saves or sends, held another
 * (decision 013).
 * Links are left alone: they work without the app (the next page is drawn by the server too), except those
 * that carry history state only the app can set (`data-app-link`): followed by the browser, the next page
 * would not know where it was opened from (the inbox's conversations, whose back arrow returns there).
 *
 * The text is fixed, so the Content-Security-Policy allows exactly it by hash (hardening.ts) and still
 * refuses every other inline script. What to load travels in its data attributes, outside the hash.
 */
export const START_AFTER_PAINT_SCRIPT = [
  '(() => {',
  '  const own = document.currentScript;',
  "  addEventListener('beforeinstallprompt', (event) => { event.preventDefault(); window.vzInstallPrompt = event; });",
  '  // A tap on a button or a form sent before the app runs would do nothing, or reload the page with nothing;',
  "  // an app link would lose the history state it carries:",
  '  // it is held, and done again by the app once it owns the page.',
  '  const held = [];',
  '  window.vzHeldBeforeStart = held;',
  '  const hold = (event) => {',
  `    const target = event.type === 'submit' ? event.target : event.target instanceof Element && event.target.closest('${HELD_TAP_TARGETS}');`,
  '    if (!target) return;',
  '    event.preventDefault();',
  '    event.stopPropagation();',
  "    // A switch or radio button stays as drawn: changed now, it would differ from the app's state.",
  "    if (target.tagName !== 'INPUT') held.push(target);",
  '  };',
  "  addEventListener('click', hold, true);",
  "  addEventListener('submit', hold, true);",
  '  window.vzStopHolding = () => {',
  "    removeEventListener('click', hold, true);",
  "    removeEventListener('submit', hold, true);",
  '  };',
  '  let started = false;',
  '  const start = () => {',
  '    if (started) return;',
  '    started = true;',
  "    for (const href of own.dataset.preloads.split(' ').filter(Boolean)) {",
  "      const link = document.createElement('link');",
  "      link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href;",
  '      document.head.append(link);',
  '    }',
  "    const entry = document.createElement('script');",
  "    entry.type = 'module'; entry.crossOrigin = ''; entry.src = own.dataset.entry;",
  '    document.head.append(entry);',
  '  };',
  "  if (document.visibilityState === 'hidden') start();",
  '  else {',
  '    // After the first contentful paint has been shown: a requested frame is not yet one on screen.',
  "    try {",
  "      new PerformanceObserver((list, observer) => {",
  "        if (!list.getEntriesByName('first-contentful-paint').length) return;",
  '        observer.disconnect();',
  '        setTimeout(start, 0);',
  "      }).observe({ type: 'paint', buffered: true });",
  '    } catch {',
  '      requestAnimationFrame(() => setTimeout(start, 0));',
  '    }',
  '    // A paint that is never reported (the tab hidden meanwhile, no paint timing) does not keep the app from starting.',
  '    setTimeout(start, 3000);',
  '  }',
  '})();',
].join('\n');

/** The policy's source for the script above ('sha256-<base64>'). */
export const START_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT).digest('base64')}'`;

const MODULE_SCRIPT = /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;

/**
 * The page with its module script and modulepreloads taken out of the head and started after the first
 * paint by the script above. A page with no module script, or more than one, is left as it is.
 */
export function startScriptsAfterPaint(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const starter =
    `<script data-entry="${escapeAttribute(entries[0]!)}" data-preloads="${escapeAttribute(preloads.join(' '))}">` +
    `${START_AFTER_PAINT_SCRIPT}</script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${starter}</body>`);
}
