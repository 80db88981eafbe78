// The node flags production runs the app with: `npm start` (package.json), the image's CMD
// (Dockerfile) and the bench's app (scripts/bench.ts, lighthouse.ts, profile.ts) all pass these,
// and production-node.test.ts checks the first two still say the same.
//
// A larger young generation: a request's garbage dies young, and with V8's default semi-space
// (16 MiB on 64-bit) the scavenger ran every few hundred requests under load. Measured with the
// bench (docs/decisions/018-search.md, "A larger young generation"): the app's CPU per request
// fell by about a fifth for the feed and orders, for about 50-90 MiB more resident memory.
//
// A ceiling on the old generation: with node's default (about 4 GiB on this machine) V8 lets the old
// generation grow to up to 4 times what survived its last full collection before collecting again,
// and under load promoted garbage took rss past 512 MiB with about 85 MiB live (decision 034); with a
// 1 GiB ceiling V8 grows it by at most about 1.6 times. A ceiling, so a heap that truly passes it ends
// the process: it is 10 times what the app holds with 5,000 tabs and a full feed cache.
export const PRODUCTION_NODE_ARGS = ['--max-semi-space-size=64', '--max-old-space-size=1024'];
