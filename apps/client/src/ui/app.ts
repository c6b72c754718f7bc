import { t } from "../i18n/index.js";
import { Session, type Entry } from "../net/session.js";
import { Navigation, type PageNodes } from "./navigation.js";
import { saveSettings, type Settings } from "./settings.js";
import { TableController, type TableNodes } from "./table-controller.js";
import { Toast } from "./toast.js";

/** The page's fixed DOM nodes (see index.html). */
export interface Nodes extends PageNodes, TableNodes {
  toast: HTMLElement; // errors and connection notes
}

/**
 * The whole page: the player's settings, which page shows (Navigation), the table
 * (TableController) and the note at the bottom (Toast). It starts at a saved seat after
 * a refresh, else in the lobby.
 */
export class App {
  private readonly toast: Toast;
  private readonly pages: Navigation;
  private readonly table: TableController;

  constructor(
    nodes: Nodes,
    private settings: Settings,
    serverUrl: string,
    joinCode: string,
  ) {
    this.toast = new Toast(nodes.toast);
    this.pages = new Navigation(nodes, () => this.settings, joinCode, {
      enter: (entry) => void this.enter(entry),
      changed: (s) => this.changeSettings(s, true),
    });
    this.table = new TableController(nodes, {
      settings: () => this.settings,
      changeSettings: (s) => this.changeSettings(s, false),
      toast: (text) => this.toast.show(text),
      loading: () => this.pages.tableBehindLobby(),
      shown: () => this.pages.toTable(),
      left: () => this.pages.toLobby(),
    }, serverUrl);
  }

  /** The screen-reader live region (the test hook reads it). */
  get live(): TableController["live"] {
    return this.table.live;
  }

  /** Back to a saved seat after a refresh, else the lobby. */
  async start(): Promise<void> {
    document.documentElement.lang = this.settings.lang;
    const token = Session.savedToken();
    if (token) {
      try {
        await this.table.enter({ kind: "reconnect", token });
        return;
      } catch {
        Session.forgetToken();
      }
    }
    this.pages.toLobby();
  }

  /** The current view and layout, and whether cards are still flying (test hook, bench). */
  inspect(): ReturnType<TableController["inspect"]> {
    return this.table.inspect();
  }

  private async enter(entry: Entry): Promise<void> {
    try {
      await this.table.enter(entry);
    } catch (e: unknown) {
      this.toast.show(t(this.settings.lang, "connectFailed", { reason: e instanceof Error ? e.message : String(e) }));
    }
  }

  /** A setting changed in the lobby (`atLobby`: a new language redraws it) or in the table's menu. */
  private changeSettings(s: Settings, atLobby: boolean): void {
    const langChanged = s.lang !== this.settings.lang;
    this.settings = s;
    saveSettings(localStorage, s);
    document.documentElement.lang = s.lang;
    if (atLobby && langChanged) this.pages.toLobby();
    this.table.redraw();
  }
}
