import { LANG_NAMES, LANGS, t, type Key, type Lang } from "../i18n/index.js";
import type { Settings } from "../shell/settings.js";
import { h, Mount, type VNode } from "../shell/view.js";
import type { ReportCandidate } from "../people/report-dialog.js";

export interface ToolbarActions {
  changed(s: Settings): void;
  leave(): void;
  report(): void; // the Report dialog, about one of `reportable`
}

/** What the toolbar's view needs besides the settings. */
export interface ToolbarCtrl extends ToolbarActions {
  settings: Settings;
  reportable: readonly ReportCandidate[]; // the people at the table one may report: none, no Report button
  open: boolean; // the panel is showing
  toggled(open: boolean): void; // the popover opened or closed (by any means)
  escape(panel: HTMLElement): void; // Escape inside the menu
  close(panel: HTMLElement): void; // ✕
}

const PANEL_ID = "settings-panel";
const TOGGLE_ID = "settings-toggle";

/**
 * The ⚙ button at the table and its settings panel: language, reduced motion, four-colour
 * deck, the keys, Report a player (when there is someone to report), leave. The panel is a popover (`popover="auto"`), so the browser keeps it
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
          ...(ctrl.reportable.length === 0
            ? []
            : [
                h(
                  "button#report-player",
                  { attrs: { type: "button", "aria-haspopup": "dialog" }, on: { click: () => ctrl.report() } },
                  t(L, "reportPlayer"),
                ),
              ]),
          h("button#leave", { attrs: { type: "button" }, on: { click: () => ctrl.leave() } }, t(L, "leave")),
        ]),
      ],
    ),
  ]);
}

/**
 * The toolbar's controller. When the menu closes — by a click, a choice or Escape — the
 * focus goes back to the table, where the game's keys are (Enter on a focused ⚙ would open
 * the menu again instead of playing); to the ⚙ button only when no table shows.
 */
export class Toolbar implements ToolbarCtrl {
  settings: Settings;
  reportable: readonly ReportCandidate[] = [];
  open = false;
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

  /** The people one may report changed (someone sat down or left). */
  reportableNow(reportable: readonly ReportCandidate[]): void {
    const key = (list: readonly ReportCandidate[]) => list.map((c) => `${c.playerId}:${c.name}`).join();
    if (key(reportable) === key(this.reportable)) return;
    this.reportable = reportable;
    this.mount.redraw();
  }

  report(): void {
    document.getElementById(PANEL_ID)?.hidePopover(); // the dialog opens over the table, not over the menu
    this.actions.report();
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
    if (!this.table.hidden) this.table.focus({ preventScroll: true });
    else document.getElementById(TOGGLE_ID)?.focus();
  }

  escape(panel: HTMLElement): void {
    panel.hidePopover();
  }

  close(panel: HTMLElement): void {
    panel.hidePopover();
  }
}
