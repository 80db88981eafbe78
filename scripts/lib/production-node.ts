// The node flags production runs the app with: `npm start` (package.json), the image's CMD
// (Dockerfile) and the bench's app (scripts/bench.ts, lighthouse.ts, profile.ts) all pass these,
// and production-node.test.ts checks the first two still say the same.
//
// A larger young generation: a request's garbage dies young, and with V8's default semi-space
// (16 MiB on 64-bit) the scavenger ran every few hundred requests under load. Measured with the
// bench (docs/decisions/018-search.md, "A larger young generation"): the app's CPU per request
// fell by about a fifth for the feed and orders, for about 50-90 MiB more resident memory.
export const PRODUCTION_NODE_ARGS = ['--max-semi-space-size=64'];
