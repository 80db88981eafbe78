import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A file's relative imports and re-exports, resolved to files; `import type` counts too, as it ties the two files together all the same. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => path.resolve(path.dirname(file), specifier));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * Every import cycle among the TypeScript files under `dir`, one per strongly connected group of files,
 * each as the files of one closed path (relative to `dir`, the first file repeated at the end).
 */
export function findImportCycles(root: string): string[][] {
  // Absolute, as the resolved imports are.
  const dir = path.resolve(root);
  const files = sourceFiles(dir);
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, [...new Set(importsOf(file))].filter((target) => known.has(target)).sort()]));

  // Tarjan's strongly connected components: each group of two or more files (or a file importing itself) holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file)!) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges.get(file)!.includes(file)) groups.push(group);
  };
  for (const file of [...files].sort()) if (!index.has(file)) connect(file);

  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    // The shortest way back to the group's first file, found breadth-first inside the group.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const next = edges.get(file)!.filter((target) => members.has(target));
      if (next.includes(start)) {
        const cycle = [start];
        for (let step = file; step !== start; step = cameFrom.get(step)!) cycle.splice(1, 0, step);
        cycle.push(start);
        return cycle.map((member) => path.relative(dir, member).split(path.sep).join('/'));
      }
      for (const target of next) {
        if (!cameFrom.has(target) && target !== start) {
          cameFrom.set(target, file);
          queue.push(target);
        }
      }
    }
    throw new Error(`No way back to ${start} inside its own strongly connected group.`);
  });
}

