/**
 * Running text with tokens: `{TC}` becomes a card chip, `{S}` a suit symbol and
 * `**word**` bold. Translators write cards as tokens so every language shows the
 * same symbols and screen readers hear the card's name.
 */
import { isCard, isSuit } from "@yourtrumps/engine";
import type { Card } from "@yourtrumps/engine";
import { cardChip, suitChip } from "./card.js";
import { h } from "./node.js";
import type { Child } from "./node.js";
import type { RulesText } from "./text/types.js";

const TOKEN = /\{([^{}]*)\}|\*\*([^*]+)\*\*/g;

/** The tokens a text uses: `{…}` contents, in order (for checks). */
export function tokensOf(text: string): string[] {
  return [...text.matchAll(TOKEN)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]));
}

/** The cards a text names with `{…}` tokens. */
export function cardsNamed(text: string): Card[] {
  return tokensOf(text).filter(isCard);
}

/** Turns running text into nodes. An unknown token is an error: it would show as raw braces. */
export function inline(text: string, t: RulesText): Child[] {
  const out: Child[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const [, token, bold] = m;
    if (bold !== undefined) out.push(h("strong", {}, inline(bold, t)));
    else if (token !== undefined && isCard(token)) out.push(cardChip(token, t.cardName(token)));
    else if (token !== undefined && isSuit(token)) out.push(suitChip(token, t.suitNames[token]));
    else throw new Error(`unknown token {${token}} in ${t.lang} text`);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
