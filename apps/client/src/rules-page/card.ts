/** Card pictures: an SVG face for the example pictures and a small chip for running text. */
import { rankOf, suitOf } from "@yourtrumps/engine";
import type { Card } from "@yourtrumps/engine";
import { h, s } from "./node.js";
import type { El } from "./node.js";
import { SUIT_COLOUR, SUIT_PATH, SUIT_SYMBOL, rankLabel } from "./suit.js";

/** How a picture marks a card; each mark has a shape, not only a colour. */
export type Mark =
  | "none" // just the card
  | "legal" // may be played: green frame and a tick
  | "illegal" // may not be played: dimmed, with a cross
  | "taken" // taken by a pickup: blue frame and an up arrow
  | "chosen"; // the card the example plays: gold frame and a star

const BADGE: Record<Exclude<Mark, "none">, { path: string; fill: string }> = {
  legal: { path: "M-4.5 0L-1.5 3L4.5 -3", fill: "#1e7b34" },
  illegal: { path: "M-3.5 -3.5L3.5 3.5M3.5 -3.5L-3.5 3.5", fill: "#6b6b6b" },
  taken: { path: "M0 4.5L0 -4M-3.5 -0.5L0 -4L3.5 -0.5", fill: "#1f5fbf" },
  chosen: { path: "M0 -4.5L1.3 -1.4L4.5 -1.4L1.9 0.6L2.9 4L0 2L-2.9 4L-1.9 0.6L-4.5 -1.4L-1.3 -1.4Z", fill: "#a86b00" },
};

function badge(mark: Exclude<Mark, "none">): El[] {
  const b = BADGE[mark];
  const stroke: Record<string, string> =
    mark === "chosen" ? { fill: "#fff" } : { fill: "none", stroke: "#fff", "stroke-width": "1.8" };
  return [
    s("circle", { r: "8", fill: b.fill }),
    s("path", { d: b.path, "stroke-linecap": "round", "stroke-linejoin": "round", ...stroke }),
  ];
}

/** A mark's badge on its own, for the key to the pictures; decorative (its text says it). */
export function markBadge(mark: Exclude<Mark, "none">): El {
  return s("svg", { viewBox: "-9 -9 18 18", "aria-hidden": "true", class: "yt-rules-badge" }, badge(mark));
}

/**
 * A card face as SVG, labelled for screen readers with `label` (its name and,
 * when marked, what the mark means).
 */
export function cardPicture(card: Card, mark: Mark, label: string): El {
  const suit = suitOf(card);
  const colour = SUIT_COLOUR[suit] === "red" ? "#c0262d" : "#1a1a1a";
  const rank = rankLabel(rankOf(card));
  const parts: El[] = [
    s("rect", { x: "1", y: "1", width: "48", height: "68", rx: "5", class: "yt-rules-face" }),
    s("text", { x: "5", y: "16", fill: colour, class: "yt-rules-rank" }, [rank]),
    s("path", { d: SUIT_PATH[suit], fill: colour, transform: "translate(5 19) scale(0.5)" }),
    s("path", { d: SUIT_PATH[suit], fill: colour, transform: "translate(14 30) scale(1.1)" }),
  ];
  if (mark !== "none") parts.push(s("g", { transform: "translate(40 60)" }, badge(mark)));
  return s(
    "svg",
    { viewBox: "0 0 50 70", role: "img", "aria-label": label, class: `yt-rules-card yt-rules-card--${mark}` },
    parts,
  );
}

/** A card named inside a sentence: rank and suit symbol in the suit's colour. */
export function cardChip(card: Card, label: string): El {
  const suit = suitOf(card);
  return h("span", { class: `yt-rules-chip yt-rules-${SUIT_COLOUR[suit]}`, role: "img", "aria-label": label }, [
    `${rankLabel(rankOf(card))}${SUIT_SYMBOL[suit]}`,
  ]);
}

/** A suit named inside a sentence, by its symbol. */
export function suitChip(suit: keyof typeof SUIT_SYMBOL, label: string): El {
  return h("span", { class: `yt-rules-suit yt-rules-${SUIT_COLOUR[suit]}`, role: "img", "aria-label": label }, [
    SUIT_SYMBOL[suit],
  ]);
}
