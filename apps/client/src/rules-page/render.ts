/** The whole rules page as a node tree, from one language's text and the engine-built examples. */
import { markBadge, suitChip } from "./card.js";
import type { Mark } from "./card.js";
import { EXAMPLE_TRUMPS } from "./examples.js";
import type { Panel, Scene } from "./examples.js";
import { inline } from "./inline.js";
import { h } from "./node.js";
import type { Child, El } from "./node.js";
import { panelPicture } from "./picture.js";
import { OPTION_IDS, PARTS, RULE_IDS } from "./text/types.js";
import type { Block, PartId, RuleId, RulesText } from "./text/types.js";

/** The anchor id of a part or a rule, stable across languages. */
export function anchor(id: string): string {
  return `yt-rules-${id}`;
}

function blocks(t: RulesText, body: readonly Block[]): El[] {
  return body.map((b) =>
    typeof b === "string"
      ? h("p", {}, inline(b, t))
      : h(
          "ul",
          {},
          b.map((item) => h("li", {}, inline(item, t))),
        ),
  );
}

function ruleSection(t: RulesText, id: RuleId): El {
  const r = t.rules[id];
  const n = RULE_IDS.indexOf(id) + 1;
  return h("section", { id: anchor(id), class: "yt-rules-rule" }, [
    h("h3", {}, [h("span", { class: "yt-rules-num" }, [`${n}.`]), ` ${r.title}`]),
    ...blocks(t, r.body),
  ]);
}

function part(t: RulesText, id: PartId, content: readonly Child[]): El {
  return h("section", { id: anchor(id), class: "yt-rules-part", "aria-labelledby": `${anchor(id)}-h` }, [
    h("h2", { id: `${anchor(id)}-h` }, [t.parts[id]]),
    ...content,
  ]);
}

/** Captions for a figure of several panels: E6 shows a move before and after. */
function captionOf(t: RulesText, p: Panel): string | null {
  if (p.kind !== "choice") return null;
  if (p.chosen !== null) return t.pic.beforeAfter[0];
  return p.secondDue ? t.pic.beforeAfter[1] : null;
}

function exampleSection(t: RulesText, scene: Scene, n: number): El {
  const e = t.examples[scene.id];
  return h("section", { id: anchor(scene.id), class: "yt-rules-example" }, [
    h("h3", {}, [h("span", { class: "yt-rules-num" }, [`${n}.`]), ` ${e.title}`]),
    ...blocks(t, e.body),
    h("figure", { class: "yt-rules-figure" }, [
      ...scene.panels.map((p) => panelPicture(t, p, captionOf(t, p))),
      h("figcaption", { class: "yt-rules-sr" }, [e.title]),
    ]),
  ]);
}

const LEGEND_MARKS: readonly Exclude<Mark, "none">[] = ["legal", "illegal", "taken", "chosen"];

function legend(t: RulesText): El {
  const words: Record<Exclude<Mark, "none">, string> = {
    legal: t.pic.legal,
    illegal: t.pic.illegal,
    taken: t.pic.taken,
    chosen: t.pic.chosen,
  };
  const trumps = EXAMPLE_TRUMPS.map((suit, seat) =>
    h("li", {}, [`${t.pic.trumpsOf(seat)}: `, suitChip(suit, t.suitNames[suit]), ` (${t.suitNames[suit]})`]),
  );
  return h("div", { class: "yt-rules-legend" }, [
    h("ul", { class: "yt-rules-trumps" }, trumps),
    h("p", { class: "yt-rules-label" }, [t.pic.legend]),
    h(
      "ul",
      { class: "yt-rules-marks" },
      LEGEND_MARKS.map((m) => h("li", {}, [markBadge(m), ` ${words[m]}`])),
    ),
  ]);
}

function optionsTable(t: RulesText): El {
  const cells = (row: readonly string[], tag: "th" | "td"): El[] =>
    row.map((c, i) =>
      h(
        i === 0 || tag === "th" ? "th" : "td",
        i === 0 && tag === "td" ? { scope: "row" } : tag === "th" ? { scope: "col" } : {},
        [c],
      ),
    );
  return h("div", { class: "yt-rules-scroll" }, [
    h("table", { class: "yt-rules-table" }, [
      h("thead", {}, [h("tr", {}, cells(t.options.head, "th"))]),
      h(
        "tbody",
        {},
        OPTION_IDS.map((id) => h("tr", {}, cells(t.options.rows[id], "td"))),
      ),
    ]),
  ]);
}

const PART_ORDER: readonly PartId[] = ["setup", "play", "end", "info", "examples", "options"];

/** The page for one language. Pure: the same text and scenes give the same tree. */
export function rulesPage(t: RulesText, scenes: readonly Scene[]): El {
  const toc = h("nav", { class: "yt-rules-toc", "aria-labelledby": "yt-rules-toc-h" }, [
    h("h2", { id: "yt-rules-toc-h" }, [t.contents]),
    h(
      "ol",
      {},
      PART_ORDER.map((id) => h("li", {}, [h("a", { href: `#${anchor(id)}` }, [t.parts[id]])])),
    ),
  ]);
  const ruleParts = (["setup", "play", "end", "info"] as const).map((id) =>
    part(
      t,
      id,
      PARTS[id].map((r) => ruleSection(t, r)),
    ),
  );
  const examples = part(t, "examples", [
    ...blocks(t, t.examplesIntro),
    legend(t),
    ...scenes.map((sc, i) => exampleSection(t, sc, i + 1)),
  ]);
  const options = part(t, "options", [h("p", {}, inline(t.options.intro, t)), optionsTable(t)]);
  return h("article", { class: "yt-rules", lang: t.lang, "aria-labelledby": "yt-rules-title" }, [
    h("header", {}, [h("h1", { id: "yt-rules-title" }, [t.title]), ...blocks(t, t.intro)]),
    toc,
    ...ruleParts,
    examples,
    options,
  ]);
}
