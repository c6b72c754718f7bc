/** How the arena pages say times: a countdown to a moment, and a start time in the reader's own style. */

/** `m:ss` (or `h:mm:ss`) from `now` until `at`; `0:00` once it has passed. */
export function countdown(at: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((at - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A start time as the reader's locale writes it ("Sun 6 Dec, 14:57"). */
export function startText(at: number, locale: string): string {
  return new Date(at).toLocaleString(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** The value of a `datetime-local` field for a moment, in the browser's own time zone. */
export function localFieldValue(at: number): string {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
