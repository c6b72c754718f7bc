import { LANG_NAMES, LANGS, t, type Key, type Lang } from "../i18n/index.js";
import type { Settings } from "../shell/settings.js";
import { h, Mount, type VNode } from "../shell/view.js";

export interface ToolbarActions {
  changed(s: Settings): void;
  leave(): void;
}

/** What the toolbar's view needs besides the settings. */
export interface ToolbarCtrl extends ToolbarActions {
  settings: Settings;
  open: boolean; // the panel is showing
  toggled(open: boolean): void; // the popover opened or closed (by any means)
  escape(panel: HTMLElement): void; // Escape inside the menu
  close(panel: HTMLElement): void; // ✕
}

const PANEL_ID = "settings-panel";
const TOGGLE_ID = "settings-toggle";

/**
 * The ⚙ button at the table and its settings panel: language, reduced motion, four-colour
 * deck, the keys, leave. The panel is a popover (`popover="auto"`), so the browser keeps it
 * above the canvas and closes it on Escape or a click elsewhere; where it opens is the
 * style sheet's business (beside the button on a wide screen, a sheet along the bottom of
 * a phone: never over the opponents along the top). Pure: a settings change patches the
 * panel, so an open panel stays open and the focused control keeps the focus.
 */
export function toolbarView(ctrl: ToolbarCtrl): VNode {
  const s = ctrl.settings;
  const L = s.lang;
  const check = (id: string, key: Key, value: boolean, set: (v: boolean) => Settings) =>
    h("label.check", [
      h(`input#${id}`, {
        attrs: { type: "checkbox" },
        props: { checked: value },
        on: { change: (e: Event) => ctrl.changed(set((e.target as HTMLInputElement).checked)) },
      }),
      h("span", t(L, key)), // the label holds its box: one line, one click target
    ]);
  // Enter and Space press the focused control, not the table's keyboard play; Escape leaves the menu.
  const keydown = (e: KeyboardEvent) => {
    const panel = document.getElementById(PANEL_ID);
    if (e.key === "Escape" && panel?.matches(":popover-open")) {
      e.preventDefault();
      ctrl.escape(panel);
    }
    if (e.key === "Enter" || e.key === " ") e.stopPropagation();
  };
  return h("div.toolbar", { attrs: { lang: L } }, [
    h(
      `button#${TOGGLE_ID}`,
      {
        attrs: {
          type: "button",
          popovertarget: PANEL_ID,
          "aria-controls": PANEL_ID,
          "aria-expanded": String(ctrl.open),
          "aria-label": t(L, "settings"),
          title: t(L, "settings"),
        },
        on: { keydown },
      },
      "⚙",
    ),
    h(
      `div#${PANEL_ID}`,
      {
        attrs: { popover: "auto", role: "group", "aria-labelledby": "settings-title" },
        on: { toggle: (e: Event) => ctrl.toggled((e as ToggleEvent).newState === "open"), keydown },
      },
      [
        h("div.settings-head", [
          h("h2#settings-title", t(L, "settings")),
          h(
            "button.settings-close",
            {
              attrs: { type: "button", "aria-label": t(L, "close"), title: t(L, "close") },
              on: { click: (e: Event) => ctrl.close((e.currentTarget as HTMLElement).closest("[popover]")!) },
            },
            "✕",
          ),
        ]),
        h("div.settings-lang", [
          h("label", { attrs: { for: "table-lang" } }, t(L, "language")),
          h(
            "select#table-lang",
            {
              props: { value: L },
              on: { change: (e: Event) => ctrl.changed({ ...s, lang: (e.target as HTMLSelectElement).value as Lang }) },
            },
            LANGS.map((l) =>
              h("option", { attrs: { value: l, lang: l }, props: { selected: l === L } }, LANG_NAMES[l]),
            ),
          ),
        ]),
        h("div.settings-checks", [
          check("table-reduced-motion", "reducedMotion", s.reducedMotion, (v) => ({ ...s, reducedMotion: v })),
          check("table-four-colour", "fourColour", s.fourColour, (v) => ({ ...s, fourColour: v })),
          check("table-sound", "sound", s.sound, (v) => ({ ...s, sound: v })),
        ]),
        h("div.settings-foot", [
          h("p.keys", t(L, "keysHelp")),
          h("button#leave", { attrs: { type: "button" }, on: { click: () => ctrl.leave() } }, t(L, "leave")),
        ]),
      ],
    ),
  ]);
}

/**
 * The toolbar's controller. When the menu closes, the focus goes back to the table, where
 * the game's keys are (Enter on a focused ⚙ would open the menu again instead of playing);
 * Escape alone returns it to the ⚙ button, as a menu button's pattern has it.
 */
export class Toolbar implements ToolbarCtrl {
  settings: Settings;
  open = false;
  private escaped = false;
  private readonly mount: Mount;

  constructor(
    bar: HTMLElement,
    settings: Settings,
    private readonly actions: ToolbarActions,
    private readonly table: HTMLElement, // the canvas parent: the game's keys work there
  ) {
    this.settings = settings;
    this.mount = new Mount(bar, () => toolbarView(this));
  }

  /** Draws the toolbar with `settings` (after every change of them). */
  update(settings: Settings): void {
    this.settings = settings;
    this.mount.redraw();
  }

  changed(s: Settings): void {
    this.actions.changed(s);
  }

  leave(): void {
    document.getElementById(PANEL_ID)?.hidePopover(); // a popover would stay on screen over the lobby
    this.actions.leave();
  }

  toggled(open: boolean): void {
    this.open = open;
    this.mount.redraw();
    if (open) return;
    const escaped = this.escaped;
    this.escaped = false;
    if (escaped) document.getElementById(TOGGLE_ID)?.focus();
    else if (!this.table.hidden) this.table.focus({ preventScroll: true });
  }

  escape(panel: HTMLElement): void {
    this.escaped = true;
    panel.hidePopover();
  }

  close(panel: HTMLElement): void {
    panel.hidePopover();
  }
}
