import { LANGS, t, type Key, type Lang } from "../i18n/index.js";
import { el } from "./dom.js";
import type { Settings } from "./settings.js";

export interface ToolbarActions {
  changed(s: Settings): void;
  leave(): void;
}

/** The ⚙ menu at the table: language, reduced motion, four-colour deck, keys, leave. */
export function renderToolbar(bar: HTMLElement, settings: Settings, actions: ToolbarActions): void {
  const L = settings.lang;
  const lang = el("select", { id: "table-lang", "aria-label": t(L, "language") });
  for (const l of LANGS) {
    const o = el("option", { value: l, lang: l }, l.toUpperCase());
    o.selected = l === L;
    lang.append(o);
  }
  lang.addEventListener("change", () => actions.changed({ ...settings, lang: lang.value as Lang }));
  const box = (id: string, key: Key, value: boolean, set: (v: boolean) => Settings) => {
    const input = el("input", { id, type: "checkbox" });
    input.checked = value;
    input.addEventListener("change", () => actions.changed(set(input.checked)));
    return el("label", {}, input, " ", t(L, key));
  };
  const leave = el("button", { type: "button", id: "leave" }, t(L, "leave"));
  leave.addEventListener("click", () => actions.leave());
  const details = el(
    "details",
    {},
    el("summary", { "aria-label": t(L, "settings") }, "⚙"),
    lang,
    box("table-reduced-motion", "reducedMotion", settings.reducedMotion, (v) => ({ ...settings, reducedMotion: v })),
    box("table-four-colour", "fourColour", settings.fourColour, (v) => ({ ...settings, fourColour: v })),
    el("p", { class: "keys" }, t(L, "keysHelp")),
    leave,
  );
  details.open = bar.querySelector("details")?.open ?? false; // stays open across re-renders
  bar.replaceChildren(details);
}
