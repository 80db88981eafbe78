import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/src/paths.ts';

// npm run image:size -- [IMAGE]
// The app image's size: what `docker image inspect` says when a Docker engine has the image
// (IMAGE, default vizinhanca:latest, e.g. after `docker build -t vizinhanca .`); otherwise an
// estimate from the Dockerfile's runtime stage: every COPY into it measured here (the production
// dependencies installed by that stage's own command in a temporary folder, the build outputs
// from `npm run build`), plus the base image's published size. It says which of the two it did.

const MB = 1024 * 1024;
const TARGET_MB = 300;
/**
 * node:20.20.2-bookworm-slim unpacked on linux/amd64, as `docker images` lists it: Debian's slim root
 * (~75 MB), Node's binary (~100 MB), npm, corepack and yarn (~25 MB). Not measurable without Docker.
 */
const BASE_IMAGE_MB = 200;

const image = process.argv[2] ?? 'vizinhanca:latest';
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

function sizeOf(entry: string): number {
  const stat = lstatSync(entry);
  if (stat.isSymbolicLink() || !stat.isDirectory()) return stat.size;
  return readdirSync(entry).reduce((sum, name) => sum + sizeOf(path.join(entry, name)), 0);
}

function inspectedSize(): number | null {
  const result = spawnSync('docker', ['image', 'inspect', image, '--format', '{{.Size}}'], { encoding: 'utf8', timeout: 30_000 });
  const bytes = Number(result.stdout.trim());
  return result.status === 0 && bytes > 0 ? bytes : null;
}

interface Stage {
  name: string;
  from: string;
  lines: string[];
}

/** The Dockerfile's stages with their instructions (continuation lines joined). */
function dockerfileStages(): Stage[] {
  const text = readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages: Stage[] = [];
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    const from = /^FROM (\S+)(?: AS (\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2] ?? String(stages.length), lines: [] });
    else if (line && !line.startsWith('#')) stages.at(-1)?.lines.push(line);
  }
  return stages;
}

function estimate(): void {
  const stages = dockerfileStages();
  const runtime = stages.at(-1)!;
  const build = ['dist/server/start.js', 'dist/ssr/server-render.js', 'client/dist/index.html'];
  if (build.some((file) => !existsSync(path.join(PROJECT_ROOT, file)))) {
    console.log('Compilando (npm run build) para medir o que a imagem copia...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }

  const work = mkdtempSync(path.join(tmpdir(), 'vz-image-size-'));
  try {
    const stageDirs = new Map<string, string>();
    const rows: [string, number][] = [];
    for (const line of runtime.lines) {
      const copy = /^COPY (?:--from=(\S+) )?(\S+) (\S+)$/.exec(line);
      if (!copy) continue;
      const [, fromStage, source] = copy as unknown as [string, string | undefined, string];
      let local: string;
      if (!fromStage) local = path.join(PROJECT_ROOT, source);
      else if (fromStage === 'build') local = path.join(PROJECT_ROOT, path.relative('/app', source));
      else {
        // Another stage (the production dependencies): run its own commands on its own copies, here.
        if (!stageDirs.has(fromStage)) stageDirs.set(fromStage, prepareStage(stages.find((stage) => stage.name === fromStage)!, path.join(work, fromStage)));
        local = path.join(stageDirs.get(fromStage)!, path.relative('/app', source));
      }
      rows.push([`${fromStage ? `${fromStage}: ` : ''}${source}`, sizeOf(local)]);
    }
    const added = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
    const total = added + BASE_IMAGE_MB * MB;
    console.log(`\nSem a imagem num Docker aqui (docker image inspect ${image} não respondeu): ESTIMATIVA pelo conteúdo do estágio runtime do Dockerfile.`);
    console.log(`  ${'imagem base ' + runtime.from}: ~${BASE_IMAGE_MB} MB (tamanho publicado, não medido aqui)`);
    for (const [what, bytes] of rows) console.log(`  ${what}: ${mb(bytes)}`);
    console.log(`  total estimado: ~${mb(total)} (meta: abaixo de ${TARGET_MB} MB; o que o app acrescenta à base: ${mb(added)})`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs a stage's COPY (from this checkout) and RUN instructions in `dir`, as its WORKDIR /app. */
function prepareStage(stage: Stage, dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const line of stage.lines) {
    const copy = /^COPY (.+)$/.exec(line);
    if (copy) {
      const parts = copy[1]!.split(/\s+/);
      const target = path.join(dir, parts.pop()!);
      for (const source of parts) {
        const destination = target.endsWith('/') || parts.length > 1 ? path.join(target, path.basename(source)) : target;
        mkdirSync(path.dirname(destination), { recursive: true });
        cpSync(path.join(PROJECT_ROOT, source), destination, { recursive: true });
      }
      continue;
    }
    const run = /^RUN (.+)$/.exec(line);
    if (run) {
      console.log(`(${stage.name}) ${run[1]}`);
      const result = spawnSync('sh', ['-c', run[1]!], { cwd: dir, stdio: 'inherit' });
      if (result.status !== 0) process.exit(1);
    }
  }
  return dir;
}

const inspected = inspectedSize();
if (inspected !== null) console.log(`Imagem ${image}: ${mb(inspected)} (medido: docker image inspect). Meta: abaixo de ${TARGET_MB} MB.`);
else estimate();
