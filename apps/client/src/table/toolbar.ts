import { LANG_NAMES, LANGS, t, type Key, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";
import type { Settings } from "../shell/settings.js";

export interface ToolbarActions {
  changed(s: Settings): void;
  leave(): void;
}

const PANEL_ID = "settings-panel";
const TOGGLE_ID = "settings-toggle";

/**
 * The ⚙ button at the table and its settings panel: language, reduced motion, four-colour
 * deck, the keys, leave. The panel is a popover (`popover="auto"`), so the browser keeps it
 * above the canvas and closes it on Escape or a click elsewhere; where it opens is the
 * style sheet's business (beside the button on a wide screen, a sheet along the bottom of
 * a phone: never over the opponents along the top). Called again after every change of
 * the settings: an open panel stays open and the focused control keeps the focus.
 */
export function renderToolbar(bar: HTMLElement, settings: Settings, actions: ToolbarActions): void {
  const L = settings.lang;
  const wasOpen = bar.querySelector(`#${PANEL_ID}`)?.matches(":popover-open") ?? false;
  const focused =
    document.activeElement instanceof HTMLElement && bar.contains(document.activeElement)
      ? document.activeElement.id
      : "";

  const toggle = el(
    "button",
    {
      type: "button",
      id: TOGGLE_ID,
      popovertarget: PANEL_ID,
      "aria-controls": PANEL_ID,
      "aria-expanded": String(wasOpen),
      "aria-label": t(L, "settings"),
      title: t(L, "settings"),
    },
    "⚙",
  );
  const close = el(
    "button",
    { type: "button", class: "settings-close", "aria-label": t(L, "close"), title: t(L, "close") },
    "✕",
  );
  const lang = el("select", { id: "table-lang" });
  for (const l of LANGS) {
    const option = el("option", { value: l, lang: l }, LANG_NAMES[l]);
    option.selected = l === L;
    lang.append(option);
  }
  lang.addEventListener("change", () => actions.changed({ ...settings, lang: lang.value as Lang }));
  const check = (id: string, key: Key, value: boolean, set: (v: boolean) => Settings) => {
    const input = el("input", { id, type: "checkbox" });
    input.checked = value;
    input.addEventListener("change", () => actions.changed(set(input.checked)));
    return el("label", { class: "check" }, input, el("span", {}, t(L, key))); // the label holds its box: one line, one click target
  };
  const leave = el("button", { type: "button", id: "leave" }, t(L, "leave"));
  const panel = el(
    "div",
    { id: PANEL_ID, popover: "auto", role: "group", "aria-labelledby": "settings-title" },
    el("div", { class: "settings-head" }, el("h2", { id: "settings-title" }, t(L, "settings")), close),
    el("div", { class: "settings-lang" }, el("label", { for: "table-lang" }, t(L, "language")), lang),
    el(
      "div",
      { class: "settings-checks" },
      check("table-reduced-motion", "reducedMotion", settings.reducedMotion, (v) => ({
        ...settings,
        reducedMotion: v,
      })),
      check("table-four-colour", "fourColour", settings.fourColour, (v) => ({ ...settings, fourColour: v })),
      check("table-sound", "sound", settings.sound, (v) => ({ ...settings, sound: v })),
    ),
    el("div", { class: "settings-foot" }, el("p", { class: "keys" }, t(L, "keysHelp")), leave),
  );

  const hide = () => {
    panel.hidePopover();
    toggle.focus();
  };
  panel.addEventListener("toggle", (e) => toggle.setAttribute("aria-expanded", String(e.newState === "open")));
  close.addEventListener("click", hide);
  leave.addEventListener("click", () => {
    panel.hidePopover(); // a popover would stay on screen over the lobby
    actions.leave();
  });
  const keydown = (e: KeyboardEvent) => {
    // Escape returns the focus to the button wherever it was in the panel; the
    // browser alone would put it back only where it stood when the panel opened.
    if (e.key === "Escape" && panel.matches(":popover-open")) {
      e.preventDefault();
      hide();
    }
    // Enter and Space press the focused control, not the table's keyboard play.
    if (e.key === "Enter" || e.key === " ") e.stopPropagation();
  };
  toggle.addEventListener("keydown", keydown);
  panel.addEventListener("keydown", keydown);

  bar.replaceChildren(toggle, panel);
  if (wasOpen) panel.showPopover();
  if (focused) document.getElementById(focused)?.focus();
}
