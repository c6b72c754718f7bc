/**
 * The players' rules page of Your Trumps: R1–R18 in plain words and the worked
 * examples as pictures, in every interface language.
 */
import type { Lang } from "../i18n/lang.js";
import { buildScenes } from "./examples.js";
import type { Scene } from "./examples.js";
import { mount } from "./node.js";
import { rulesPage } from "./render.js";
import { injectRulesStyle } from "./style.js";
import { RULES_TEXT } from "./text/index.js";

let scenes: Scene[] | null = null; // built once: the engine's answers never change

/** Replaces `container`'s content with the rules page in `lang`. */
export function renderRules(container: HTMLElement, lang: Lang): void {
  const doc = container.ownerDocument;
  injectRulesStyle(doc);
  scenes ??= buildScenes();
  const page = mount(doc, rulesPage(RULES_TEXT[lang], scenes));
  // The contents links scroll in place: the host may route on location.hash.
  page.addEventListener("click", (ev) => {
    const link = ev.target instanceof Element ? ev.target.closest("a[href^='#']") : null;
    if (link === null) return;
    const target = doc.getElementById(link.getAttribute("href")!.slice(1));
    if (target === null) return;
    ev.preventDefault();
    target.scrollIntoView({ behavior: "smooth", block: "start" });
  });
  container.replaceChildren(page);
}
