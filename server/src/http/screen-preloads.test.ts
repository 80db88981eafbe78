import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageForPath } from './screen-preloads.ts';

const INDEX = '<html><head><title>Vizinhança</title></head><body></body></html>';
const dirs: string[] = [];

function distWith(preloads: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vz-preloads-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite/screen-preloads.json'), JSON.stringify(preloads));
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('pageForPath', () => {
  it("adds the path's screen chunks as modulepreload links, a parameter matching one segment", () => {
    const page = pageForPath(
      distWith([
        { path: '/auth', files: ['assets/auth-screen-abc.js'] },
        { path: '/item/{id}', files: ['assets/listing-detail-screen-def.js', 'assets/photo-gallery-1.js'] },
      ]),
      INDEX,
    );
    expect(page('/auth')).toBe('<html><head><title>Vizinhança</title><link rel="modulepreload" crossorigin href="/assets/auth-screen-abc.js"></head><body></body></html>');
    expect(page('/item/49f0e79b-455a-485a-98da-d682cf73f2e2')).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/listing-detail-screen-def.js"><link rel="modulepreload" crossorigin href="/assets/photo-gallery-1.js"></head>',
    );
    expect(page('/item/a/b')).toBe(INDEX);
    expect(page('/perfil')).toBe(INDEX);
    expect(page('/authx')).toBe(INDEX);
  });

  it('never writes a file name that is not a built asset into the page', () => {
    const page = pageForPath(distWith([{ path: '/', files: ['assets/ok.js', '"><script>alert(1)</script>.js', '../secret.js'] }]), INDEX);
    expect(page('/')).toContain('href="/assets/ok.js"');
    expect(page('/')).not.toContain('script>');
    expect(page('/')).not.toContain('secret');
  });

  it('serves index.html as it is when the build wrote no preloads', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vz-preloads-'));
    dirs.push(dir);
    expect(pageForPath(dir, INDEX)('/auth')).toBe(INDEX);
  });
});
