import { describe, expect, it } from "vitest";
import { LANGS } from "../i18n/lang.js";
import { buildScenes } from "./examples.js";
import { textOf, walk } from "./node.js";
import type { El } from "./node.js";
import { anchor, rulesPage } from "./render.js";
import { RULES_TEXT } from "./text/index.js";
import { EXAMPLE_IDS, RULE_IDS } from "./text/types.js";

const scenes = buildScenes();
const byTag = (root: El, tag: string): El[] => [...walk(root)].filter((e) => e.tag === tag);
const cls = (e: El): string[] => (e.attrs["class"] ?? "").split(" ");
const byId = (root: El, id: string): El => {
  const found = [...walk(root)].find((e) => e.attrs["id"] === id);
  if (found === undefined) throw new Error(`no #${id}`);
  return found;
};

describe.each(LANGS)("rules page %s", (lang) => {
  const t = RULES_TEXT[lang];
  const page = rulesPage(t, scenes);

  it("declares its language and has one h1 and a heading per part, rule and example", () => {
    expect(page.attrs["lang"]).toBe(lang);
    expect(byTag(page, "h1").map(textOf)).toEqual([t.title]);
    expect(byTag(page, "h2").length).toBe(1 + 6); // contents + six parts
    const h3 = byTag(page, "h3").map(textOf);
    expect(h3.length).toBe(RULE_IDS.length + EXAMPLE_IDS.length);
    RULE_IDS.forEach((id, i) => expect(h3[i]).toBe(`${i + 1}. ${t.rules[id].title}`));
  });

  it("gives every section a unique id and every contents link a target", () => {
    const ids = [...walk(page)].flatMap((e) => (e.attrs["id"] === undefined ? [] : [e.attrs["id"]]));
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of byTag(page, "a")) expect(ids).toContain(a.attrs["href"]?.slice(1));
    for (const id of [...RULE_IDS, ...EXAMPLE_IDS]) expect(ids).toContain(anchor(id));
  });

  it("labels every card picture for screen readers and hides decorative badges", () => {
    const svgs = byTag(page, "svg");
    const cards = svgs.filter((e) => cls(e).includes("yt-rules-card"));
    expect(cards.length).toBeGreaterThan(30);
    for (const svg of cards) {
      expect(svg.svg).toBe(true);
      expect(svg.attrs["role"]).toBe("img");
      expect(svg.attrs["aria-label"]?.trim()).toBeTruthy();
    }
    for (const svg of svgs.filter((e) => cls(e).includes("yt-rules-badge")))
      expect(svg.attrs["aria-hidden"]).toBe("true");
    for (const chip of [...walk(page)].filter((e) => cls(e).includes("yt-rules-chip"))) {
      expect(chip.attrs["aria-label"]?.trim()).toBeTruthy();
      expect(textOf(chip)).toMatch(/^(6|7|8|9|10|J|Q|K|A)[♠♥♦♣]\uFE0E$/);
    }
  });

  it("shows no raw token braces or bold marks", () => {
    const text = textOf(page);
    expect(text).not.toMatch(/[{}]/);
    expect(text).not.toContain("**");
  });

  it("draws each example with its engine marks: one figure each, legal cards ticked", () => {
    const figures = byTag(page, "figure");
    expect(figures.length).toBe(EXAMPLE_IDS.length);
    for (const scene of scenes) {
      const fig = byTag(byId(page, anchor(scene.id)), "figure")[0]!;
      const panels = [...walk(fig)].filter((e) => cls(e).includes("yt-rules-panel"));
      expect(panels.length, scene.id).toBe(scene.panels.length);
      scene.panels.forEach((p, i) => {
        if (p.kind !== "choice") return;
        const hand = byTag(panels[i]!, "ul").find((e) => cls(e).includes("yt-rules-hand"))!;
        const ticked = byTag(hand, "svg").filter((e) => cls(e).includes("yt-rules-card--legal"));
        expect(ticked.length, scene.id).toBe(p.legal.filter((c) => c !== p.chosen).length);
        const labels = ticked.map((e) => e.attrs["aria-label"] ?? "");
        for (const c of p.legal)
          if (c !== p.chosen)
            expect(
              labels.some((l) => l.startsWith(t.cardName(c))),
              `${scene.id} ${c}`,
            ).toBe(true);
      });
    }
  });

  it("marks as taken exactly the cards a pickup takes", () => {
    for (const scene of scenes) {
      const p = scene.panels[0]!;
      if (p.kind !== "pickup") continue;
      const taken = byTag(byId(page, anchor(scene.id)), "svg").filter((e) => cls(e).includes("yt-rules-card--taken"));
      expect(taken.map((e) => e.attrs["aria-label"]?.split(":")[0])).toEqual(p.taken.map((c) => t.cardName(c)));
    }
  });
});
