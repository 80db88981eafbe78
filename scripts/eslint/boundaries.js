import path from 'node:path';

// The codebase's import boundaries (boundaries.test.ts proves each rule fails a bad import):
// - a client feature never imports another feature (routes compose them);
// - a server module never imports another module's repository (it asks that module's service),
//   and neither does the server code around the modules (http, jobs, realtime...), except the
//   demo seed, which writes its rows through the repositories as the app does; nor do the
//   maintainer scripts (scripts/), which go through a module's service like any other caller;
// - client code imports nothing from the server but types (`import type { AppRouter }`);
// - shared/ imports neither the client nor the server.
const root = path.resolve(import.meta.dirname, '../..');
const MAY_USE_ANY_REPOSITORY = new Set(['server/src/db/seed.ts']);

function area(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  let match = /^client\/src\/features\/([^/]+)\//.exec(relative);
  if (match) return { side: 'client', feature: match[1], relative };
  match = /^server\/src\/modules\/([^/]+)\//.exec(relative);
  if (match) return { side: 'server', module: match[1], relative };
  const side = relative.split('/')[0];
  return { side, relative };
}

function check(context, node, source, typeOnly) {
  if (!source.startsWith('.')) {
    if (source.startsWith('@vizinhanca/') && area(context.filename).side === 'shared' && !source.startsWith('@vizinhanca/shared')) {
      context.report({ node, message: 'shared/ imports neither the client nor the server.' });
    }
    return;
  }
  const from = area(context.filename);
  const to = area(path.resolve(path.dirname(context.filename), source));
  if (from.side === 'client' && from.feature && to.feature && to.feature !== from.feature) {
    context.report({ node, message: `Feature '${from.feature}' imports feature '${to.feature}': move the shared piece to client/src/components, hooks or lib, or compose both in a route.` });
  }
  if ((from.side === 'server' || from.side === 'scripts') && to.module && to.module !== from.module && /\.repository(\.ts)?$/.test(to.relative) && !MAY_USE_ANY_REPOSITORY.has(from.relative)) {
    const who = from.module ? `Module '${from.module}'` : `'${from.relative}'`;
    context.report({ node, message: `${who} uses the repository of '${to.module}': call that module's service instead.` });
  }
  if (from.side === 'client' && to.side === 'server' && !typeOnly) {
    context.report({ node, message: 'The client imports only types from the server (import type { AppRouter }).' });
  }
  if (from.side === 'shared' && (to.side === 'client' || to.side === 'server')) {
    context.report({ node, message: 'shared/ imports neither the client nor the server.' });
  }
}

export const boundariesPlugin = {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return {
          ImportDeclaration(node) {
            const typeOnly = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
            check(context, node, node.source.value, typeOnly);
          },
          ExportNamedDeclaration(node) {
            if (node.source) check(context, node, node.source.value, node.exportKind === 'type');
          },
          ExportAllDeclaration(node) {
            check(context, node, node.source.value, node.exportKind === 'type');
          },
          ImportExpression(node) {
            if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(context, node, node.source.value, false);
          },
        };
      },
    },
  },
};
