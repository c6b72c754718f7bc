/**
 * The flags node runs the server with: everywhere it is started (`npm start`, the systemd unit,
 * the tests' and benchmarks' server processes), so what is measured is what is deployed.
 *
 * `--v8-pool-size=1`: V8 does its concurrent compilation and collection on a pool of worker
 * threads, four by default. On a machine of two cores those threads take the event loop's core
 * in turns, and whatever handler runs then waits several milliseconds: the arena's pairing
 * pass, usually 0.01 ms, held the event loop up to 4–9 ms in a few of its 2,700 passes with
 * the default pool, and at most 0.5 ms with one worker (docs/benchmarks.md, Arenas). With one
 * worker, one core is left to the event loop.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--v8-pool-size=1"];
