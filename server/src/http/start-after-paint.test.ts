// The app's script on a page the server drew (docs/decisions/013-first-screen.md):
// out of the head, started by the one inline script the Content-Security-Policy allows by its hash.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './hardening.ts';
import { START_AFTER_PAINT_SCRIPT, startScriptsAfterPaint } from './start-after-paint.ts';

const BUILT_PAGE = [
  '<html><head><title>Vizinhança</title>',
  '<script type="module" crossorigin src="/assets/index-BWXqRRSu.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-XKyaHtl9.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-CHcIRs8c.css">',
  '<link rel="modulepreload" crossorigin href="/assets/home-screen-CWXlQAzZ.js"><link rel="stylesheet" crossorigin href="/assets/home-screen-CpJvPkFV.css">',
  '</head><body><div id="root" data-vz-rendered="/">drawn</div></body></html>',
].join('');

describe('startScriptsAfterPaint', () => {
  it('takes the module script and the preloads out of the head and hands them to the starter at the end of the body', () => {
    const html = startScriptsAfterPaint(BUILT_PAGE);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    // The stylesheets stay: the drawn screen needs them for its first paint.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-CHcIRs8c.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-screen-CpJvPkFV.css">');
    const starter = /<script data-entry="([^"]*)" data-preloads="([^"]*)">([\s\S]*?)<\/script><\/body>/.exec(html);
    expect(starter?.[1]).toBe('/assets/index-BWXqRRSu.js');
    expect(starter?.[2]).toBe('/assets/rolldown-runtime-XKyaHtl9.js /assets/home-screen-CWXlQAzZ.js');
    expect(starter?.[3]).toBe(START_AFTER_PAINT_SCRIPT);
  });

  it('the policy allows exactly the starter as sent, and no other inline script', () => {
    const sent = /<script data-entry[^>]*>([\s\S]*?)<\/script>/.exec(startScriptsAfterPaint(BUILT_PAGE))![1]!;
    const hash = createHash('sha256').update(sent).digest('base64');
    const scriptSources = /script-src ([^;]*)/.exec(CONTENT_SECURITY_POLICY)![1]!.split(' ');
    expect(scriptSources).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('leaves a page without exactly one module script as it is', () => {
    const none = '<html><head></head><body><div id="root"></div></body></html>';
    expect(startScriptsAfterPaint(none)).toBe(none);
    const two = BUILT_PAGE.replace('</head>', '<script type="module" src="/assets/other.js"></script></head>');
    expect(startScriptsAfterPaint(two)).toBe(two);
  });
});
