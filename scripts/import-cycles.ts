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

export interface CycleOptions {
  /**
   * The unit a file belongs to (its path relative to the root, with '/'), or null to leave it out:
   * cycles are then found between units (a module's folder, say), and imports inside a unit do not count.
   * Each file is its own unit unless said.
   */
  unitOf?: (file: string) => string | null;
}

/**
 * Every import cycle among the TypeScript files under `dir` (or among their units, see CycleOptions),
 * one per strongly connected group, each as the members of one closed path (relative to `dir`, the
 * first one repeated at the end).
 */
export function findImportCycles(root: string, options: CycleOptions = {}): string[][] {
  // Absolute, as the resolved imports are.
  const dir = path.resolve(root);
  const relative = (file: string) => path.relative(dir, file).split(path.sep).join('/');
  const unitOf = options.unitOf ?? ((file: string) => file);
  const units = new Map<string, string | null>(sourceFiles(dir).map((file) => [file, unitOf(relative(file))]));
  const edges = new Map<string, Set<string>>();
  for (const [file, unit] of units) {
    if (unit === null) continue;
    const targets = edges.get(unit) ?? new Set<string>();
    edges.set(unit, targets);
    for (const imported of importsOf(file)) {
      const target = units.get(imported);
      if (target === undefined || target === null) continue;
      // A unit's imports of itself are its own business, but a file importing itself is a cycle.
      if (target !== unit || imported === file) targets.add(target);
    }
  }
  return stronglyConnectedCycles(new Map([...edges].map(([unit, targets]) => [unit, [...targets].sort()])));
}

/** One closed path per strongly connected group of `edges` (two or more members, or one that reaches itself). */
function stronglyConnectedCycles(edges: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components: each group of two or more nodes (or a node importing itself) holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node)!) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || edges.get(node)!.includes(node)) groups.push(group);
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);

  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    // The shortest way back to the group's first node, found breadth-first inside the group.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      const next = edges.get(node)!.filter((target) => members.has(target));
      if (next.includes(start)) {
        const cycle = [start];
        for (let step = node; step !== start; step = cameFrom.get(step)!) cycle.splice(1, 0, step);
        cycle.push(start);
        return cycle;
      }
      for (const target of next) {
        if (!cameFrom.has(target) && target !== start) {
          cameFrom.set(target, node);
          queue.push(target);
        }
      }
    }
    throw new Error(`No way back to ${start} inside its own strongly connected group.`);
  });
}

