import { t } from "../i18n/index.js";
import { el } from "./dom.js";
import { renderLobby, type LobbyActions } from "./lobby.js";
import type { Settings } from "./settings.js";

/** The page's fixed DOM nodes that navigation shows and hides (see index.html). */
export interface PageNodes {
  lobby: HTMLElement;
  rules: HTMLElement;
  table: HTMLElement; // the canvas parent
  toolbar: HTMLElement; // the table's ⚙ menu
  banner: HTMLElement; // the private table's code and link; the table shows it while seats are free
}

/**
 * Which page the player sees: the lobby, the rules page or the table, one at a time.
 * The lobby and the rules page are drawn here; the table draws itself (TableController)
 * and only asks to be shown. The rules page is loaded on first use: most visits never open it.
 */
export class Navigation {
  constructor(
    private readonly nodes: PageNodes,
    private readonly settings: () => Settings,
    private readonly joinCode: string, // from a `?table=CODE` link: the lobby opens with it filled in
    private readonly lobbyActions: Omit<LobbyActions, "rules">,
  ) {}

  /** Draws the lobby afresh (in the current language) and shows it. */
  toLobby(): void {
    this.nodes.rules.hidden = true;
    this.nodes.table.hidden = true;
    this.nodes.toolbar.hidden = true;
    this.nodes.banner.hidden = true;
    this.nodes.lobby.hidden = false;
    renderLobby(this.nodes.lobby, this.settings(), this.joinCode, { ...this.lobbyActions, rules: () => void this.toRules() });
  }

  /** The rules page in the current language, with a button back to the lobby. */
  async toRules(): Promise<void> {
    const { renderRules } = await import("../rules-page/index.js");
    const lang = this.settings().lang;
    const box = this.nodes.rules;
    const back = el("button", { type: "button", id: "rules-back" }, t(lang, "back"));
    back.addEventListener("click", () => this.toLobby());
    const body = el("div", {});
    box.replaceChildren(back, body);
    renderRules(body, lang);
    this.nodes.lobby.hidden = true;
    box.hidden = false;
    back.focus();
  }

  /**
   * Unhides the table under the lobby, which still covers it: the canvas must have a size
   * when Phaser boots, and it boots while the connection opens.
   */
  tableBehindLobby(): void {
    this.nodes.table.hidden = false;
  }

  /** The table and its menu; the lobby and the rules page go. */
  toTable(): void {
    this.nodes.lobby.hidden = true;
    this.nodes.rules.hidden = true;
    this.nodes.table.hidden = false;
    this.nodes.toolbar.hidden = false;
  }
}
