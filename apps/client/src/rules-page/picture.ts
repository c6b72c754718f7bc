/** The picture of one example panel: pile, hand and what the engine says about them. */
import type { Card } from "@yourtrumps/engine";
import { cardPicture } from "./card.js";
import type { Mark } from "./card.js";
import type { Panel } from "./examples.js";
import { h } from "./node.js";
import type { El } from "./node.js";
import type { RulesText } from "./text/types.js";

function cardItem(t: RulesText, card: Card, mark: Mark, note: string | null): El {
  const label = note === null ? t.cardName(card) : `${t.cardName(card)}: ${note}`;
  return h("li", {}, [cardPicture(card, mark, label)]);
}

/** A pile, bottom → top, with `taken` (the top cards) marked as taken. */
function pileRow(t: RulesText, pile: readonly Card[], taken: number): El {
  const from = pile.length - taken;
  const items = pile.map((c, i) => {
    const notes = [i === pile.length - 1 ? t.pic.top : null, i >= from ? t.pic.taken : null].filter((x) => x !== null);
    return cardItem(t, c, i >= from ? "taken" : "none", notes.length ? notes.join(", ") : null);
  });
  return h("div", { class: "yt-rules-row" }, [
    h("p", { class: "yt-rules-label" }, [`${t.pic.pile} (${t.pic.bottom} → ${t.pic.top})`]),
    h("ol", { class: "yt-rules-cards yt-rules-pile", "aria-label": t.pic.pile }, items),
  ]);
}

function handRow(t: RulesText, seat: number, items: El[]): El {
  return h("div", { class: "yt-rules-row" }, [
    h("p", { class: "yt-rules-label" }, [t.pic.handOf(seat)]),
    h("ul", { class: "yt-rules-cards yt-rules-hand", "aria-label": t.pic.handOf(seat) }, items),
  ]);
}

function line(cls: string, text: string): El {
  return h("p", { class: `yt-rules-line ${cls}` }, [text]);
}

function choicePanel(t: RulesText, p: Extract<Panel, { kind: "choice" }>): El[] {
  const items = p.hand.map((c) => {
    if (c === p.chosen) return cardItem(t, c, "chosen", t.pic.chosen);
    if (!p.legal.includes(c)) return cardItem(t, c, "illegal", t.pic.cannotBeat);
    return cardItem(t, c, "legal", p.secondDue ? t.pic.anyCard : t.pic.canBeat);
  });
  return [
    line("yt-rules-who", t.pic.toMove(p.mover)),
    pileRow(t, p.pile, 0),
    handRow(t, p.mover, items),
    line(
      p.canPickUp ? "yt-rules-yes" : "yt-rules-no",
      `${p.canPickUp ? "✓" : "✗"} ${t.pic.pickUp}: ${p.canPickUp ? t.pic.allowed : t.pic.notAllowed}`,
    ),
  ];
}

function pickupPanel(t: RulesText, p: Extract<Panel, { kind: "pickup" }>): El[] {
  const rows = [
    line("yt-rules-who", t.pic.toMove(p.mover)),
    pileRow(t, p.pile, p.taken.length),
    line("yt-rules-yes", `↑ ${t.pic.takes(p.mover, p.taken.length)}`),
  ];
  if (p.left.length > 0) rows.push(pileRow(t, p.left, 0), line("yt-rules-who", t.pic.mustAnswer(p.next)));
  return rows;
}

function lastPanel(t: RulesText, p: Extract<Panel, { kind: "last" }>): El[] {
  const drawn = p.result.loser === null;
  const items = p.hand.map((c) => (drawn ? cardItem(t, c, "legal", t.pic.canBeat) : cardItem(t, c, "none", null)));
  return [
    line("yt-rules-who", t.pic.lastCard(p.lastOut)),
    pileRow(t, p.pile, 0),
    handRow(t, p.holder, items),
    line(drawn ? "yt-rules-yes" : "yt-rules-no", drawn ? `= ${t.pic.draw}` : `✗ ${t.pic.loses(p.holder)}`),
  ];
}

function panelBody(t: RulesText, p: Panel): El[] {
  switch (p.kind) {
    case "choice":
      return choicePanel(t, p);
    case "pickup":
      return pickupPanel(t, p);
    case "last":
      return lastPanel(t, p);
    default: {
      const never: never = p;
      throw new Error(`unknown panel ${JSON.stringify(never)}`);
    }
  }
}

/** One panel as a block of the example's figure; `caption` names it when a figure has several. */
export function panelPicture(t: RulesText, p: Panel, caption: string | null): El {
  const body = panelBody(t, p);
  const head = caption === null ? [] : [h("p", { class: "yt-rules-caption" }, [caption])];
  return h("div", { class: "yt-rules-panel" }, [...head, ...body]);
}
