/**
 * User-timing measures of the scene's own work (`show`, `highlight`, and each animation
 * frame's look at what changed, `frame`), so the benchmark can
 * tell our script cost apart from the browser's rendering. Only in the test-hook build:
 * the production page keeps no timeline entries that nothing reads.
 */
export function measured<T>(name: "scene-show" | "scene-highlight" | "scene-frame", run: () => T): T {
  if (!__TEST_HOOK__) return run();
  const start = performance.now();
  try {
    return run();
  } finally {
    performance.measure(name, { start });
  }
}
