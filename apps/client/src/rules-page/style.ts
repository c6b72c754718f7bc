/** The page's CSS: scoped by the `yt-rules-` class prefix, injected once per document. */

const STYLE_ID = "yt-rules-style";

/**
 * Fonts: Noto Sans Bengali must come before any Latin-only font that lacks Bengali
 * glyphs being picked for Bengali text; browsers fall back per glyph, so listing it
 * early in the Bengali stack and after Noto Sans elsewhere is enough.
 */
export const RULES_CSS = `
.yt-rules { --yt-ink:#1d1d1f; --yt-muted:#5b5b60; --yt-paper:#fbfaf6; --yt-line:#d8d4c8; --yt-green:#1e7b34; --yt-red:#a3262a;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Bengali", "Noto Sans Symbols", "Noto Sans Symbols 2", sans-serif;
  color: var(--yt-ink); background: var(--yt-paper); line-height: 1.55; font-size: 1rem;
  max-width: 46rem; margin: 0 auto; padding: 1rem 1rem 3rem; box-sizing: border-box; overflow-wrap: break-word; }
.yt-rules:lang(bn) { font-family: "Noto Sans Bengali", "Noto Sans", system-ui, sans-serif; line-height: 1.75; }
.yt-rules *, .yt-rules *::before, .yt-rules *::after { box-sizing: inherit; }
.yt-rules h1 { font-size: 1.75rem; line-height: 1.2; margin: 0.5rem 0 0.75rem; }
.yt-rules h2 { font-size: 1.35rem; margin: 2rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--yt-line); }
.yt-rules h3 { font-size: 1.1rem; margin: 1.4rem 0 0.3rem; }
.yt-rules p, .yt-rules ul, .yt-rules ol { margin: 0.4rem 0; }
.yt-rules ul, .yt-rules ol { padding-left: 1.4rem; }
.yt-rules a { color: #1f5fbf; }
.yt-rules-num { color: var(--yt-muted); font-weight: 600; }
.yt-rules-toc { background: #fff; border: 1px solid var(--yt-line); border-radius: 8px; padding: 0.5rem 1rem; }
.yt-rules .yt-rules-toc h2 { font-size: 1.05rem; margin: 0.3rem 0; border: 0; }
.yt-rules-chip, .yt-rules-suit { white-space: nowrap; font-weight: 700; padding: 0 0.2em; border-radius: 4px;
  background: #fff; border: 1px solid var(--yt-line); }
.yt-rules-red { color: var(--yt-red); }
.yt-rules-black { color: var(--yt-ink); }
.yt-rules-legend { background: #fff; border: 1px solid var(--yt-line); border-radius: 8px; padding: 0.5rem 1rem; margin: 0.75rem 0; }
.yt-rules .yt-rules-trumps, .yt-rules .yt-rules-marks { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; }
.yt-rules-badge { width: 1.2em; height: 1.2em; vertical-align: -0.25em; }
.yt-rules-figure { margin: 0.75rem 0 0; display: flex; flex-wrap: wrap; gap: 0.75rem; }
.yt-rules-panel { flex: 1 1 17rem; min-width: 0; background: #2f6b45; color: #fff; border-radius: 10px; padding: 0.6rem 0.75rem; }
.yt-rules .yt-rules-panel .yt-rules-label { color: #dfeee3; font-size: 0.85rem; margin: 0.3rem 0 0.15rem; }
.yt-rules .yt-rules-caption { font-weight: 700; margin: 0 0 0.3rem; }
.yt-rules .yt-rules-line { margin: 0.35rem 0; }
.yt-rules-who { font-weight: 600; }
.yt-rules-yes, .yt-rules-no { font-weight: 600; background: rgba(255,255,255,0.12); border-radius: 6px; padding: 0.15rem 0.5rem; display: inline-block; }
.yt-rules .yt-rules-cards { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.3rem; }
.yt-rules-pile li + li { margin-left: -0.9rem; }
.yt-rules-card { display: block; width: 3.4rem; height: auto; filter: drop-shadow(0 1px 1px rgba(0,0,0,0.35)); }
.yt-rules-face { fill: #fff; stroke: #777; stroke-width: 1; }
.yt-rules-rank { font: 700 14px system-ui, "Noto Sans", sans-serif; }
.yt-rules-card--legal .yt-rules-face { stroke: #3fcf66; stroke-width: 3; }
.yt-rules-card--taken .yt-rules-face { stroke: #6aa8ff; stroke-width: 3; stroke-dasharray: 5 3; }
.yt-rules-card--chosen .yt-rules-face { stroke: #ffc233; stroke-width: 3; }
.yt-rules-card--illegal { opacity: 0.55; }
.yt-rules-scroll { overflow-x: auto; }
.yt-rules-table { border-collapse: collapse; min-width: 100%; }
.yt-rules-table th, .yt-rules-table td { border: 1px solid var(--yt-line); padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
.yt-rules-table thead th { background: #efece3; }
.yt-rules-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 480px) {
  .yt-rules { padding: 0.75rem 0.75rem 2rem; font-size: 0.98rem; }
  .yt-rules h1 { font-size: 1.5rem; }
  .yt-rules-card { width: 2.9rem; }
  .yt-rules-pile li + li { margin-left: -0.75rem; }
}
`;

/** Adds the stylesheet to `doc` unless it is already there. */
export function injectRulesStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const el = doc.createElement("style");
  el.id = STYLE_ID;
  el.textContent = RULES_CSS;
  doc.head.appendChild(el);
}
