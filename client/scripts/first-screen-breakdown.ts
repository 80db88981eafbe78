import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryKey, FIRST_SCREEN_PAGES, formatKB, type Manifest, readManifest } from './first-screen.ts';

// Where a page's first-screen bytes come from (docs/decisions/013-first-screen.md): every byte of a
// built chunk is attributed, through the chunk's source map, to the source module it was generated
// from. Gzip has no per-module size, so each module's share of its chunk's gzip size is its own text
// gzipped alone, scaled so the modules of a chunk add up to the chunk's real gzip size.
//
//   npx tsx client/scripts/first-screen-breakdown.ts [dist dir] [--modules]
//
// prints, per page, the gzip KB per npm package and for the app's own code (per source file with --modules).

type SourceMap = { sources: string[]; mappings: string };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one segment of a source map's `mappings` (base64 VLQ) into its fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** The generated text of a chunk, split by the source each stretch was generated from ('' when unmapped). */
function textBySource(code: string, map: SourceMap): Map<string, string> {
  const lines = code.split('\n');
  const parts = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text.length === 0) return;
    const list = parts.get(source) ?? [];
    list.push(text);
    parts.set(source, list);
  };
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    let from = 0;
    let current = '';
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const fields = decodeSegment(segment);
      column += fields[0]!;
      add(current, line.slice(from, column));
      from = column;
      if (fields.length >= 4) {
        sourceIndex += fields[1]!;
        current = map.sources[sourceIndex]!;
      } else {
        current = '';
      }
    }
    add(current, line.slice(from) + '\n');
  });
  return new Map([...parts].map(([source, list]) => [source, list.join('')]));
}

/** 'react-dom', '@tanstack/router-core', or 'app: src/lib/trpc.ts' / 'app: shared/...'. */
function ownerOf(source: string, modules: boolean): string {
  if (source === '') return '(unmapped: chunk glue)';
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0 && modules) return source.slice(inModules + 'node_modules/'.length);
  if (inModules >= 0) {
    const rest = source.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (!modules) return 'app (client/src and shared)';
  const clean = source.replace(/^(\.\.\/)+/, '');
  return `app: ${clean}`;
}

type Share = { raw: number; gzip: number };

/** Per owner (package, or app module), raw and gzip bytes of one chunk. */
function chunkShares(distDir: string, file: string, modules: boolean): Map<string, Share> {
  const code = readFileSync(path.join(distDir, file), 'utf8');
  const mapFile = path.join(distDir, `${file}.map`);
  // The bundler's own runtime chunk has no source map.
  const map: SourceMap = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap) : { sources: [], mappings: '' };
  const bySource = textBySource(code, map);
  const byOwner = new Map<string, string[]>();
  for (const [source, text] of bySource) {
    const owner = ownerOf(source, modules);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), text]);
  }
  const total = gzipSync(code, { level: 9 }).length;
  const alone = new Map([...byOwner].map(([owner, texts]) => [owner, { raw: Buffer.byteLength(texts.join('')), gzip: gzipSync(texts.join(''), { level: 9 }).length }]));
  const aloneSum = [...alone.values()].reduce((sum, share) => sum + share.gzip, 0);
  return new Map([...alone].map(([owner, share]) => [owner, { raw: share.raw, gzip: (share.gzip * total) / aloneSum }]));
}

function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key]!;
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

function main(): void {
  const args = process.argv.slice(2);
  const modules = args.includes('--modules');
  const distDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'client/dist');
  const manifest = readManifest(distDir);
  const entryFiles = new Set<string>();
  staticClosure(manifest, entryKey(manifest), entryFiles);
  const report = (title: string, files: string[]) => {
    const totals = new Map<string, Share>();
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      for (const [owner, share] of chunkShares(distDir, file, modules)) {
        const sum = totals.get(owner) ?? { raw: 0, gzip: 0 };
        totals.set(owner, { raw: sum.raw + share.raw, gzip: sum.gzip + share.gzip });
      }
    }
    const all = [...totals.values()].reduce((sum, share) => sum + share.gzip, 0);
    console.log(`\n${title}: ${formatKB(all)} gzip`);
    for (const [owner, share] of [...totals].sort((a, b) => b[1].gzip - a[1].gzip)) {
      if (share.gzip < 100 && modules) continue;
      console.log(`  ${formatKB(share.gzip).padStart(9)} gzip ${formatKB(share.raw).padStart(9)} min  ${owner}`);
    }
  };
  report(`entry (${[...entryFiles].join(', ')})`, [...entryFiles]);
  for (const { page, screens } of FIRST_SCREEN_PAGES) {
    const files = new Set<string>();
    for (const screen of screens) staticClosure(manifest, screen, files);
    report(`${page} beyond the entry`, [...files].filter((file) => !entryFiles.has(file)));
  }
}

main();
