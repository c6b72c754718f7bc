/** How the client's benchmarks print: readable lines, or JSON lines with `--json`; and their statistics. */

const json = process.argv.includes("--json");

/** Prints one figure: `text` for people, `record` (tagged with `bench`) with `--json`. */
export function emitter(bench: string): (record: Record<string, unknown>, text: string) => void {
  return (record, text) => console.log(json ? JSON.stringify({ bench, ...record }) : text);
}

export const kb = (n: number): string => (n / 1024).toFixed(1);

/** The p-th percentile (nearest rank). */
export function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}
