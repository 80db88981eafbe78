/**
 * Runs `work` once the page has loaded: at once when it already has. On a page the server drew, the
 * app's script starts after the first paint (server/src/http/start-after-paint.ts), often after the
 * page's `load` event, which then never comes again for a listener added late.
 */
export function afterPageLoad(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}
