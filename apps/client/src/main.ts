import { App } from "./ui/app.js";
import { loadSettings } from "./ui/settings.js";
import { serverUrl } from "./net/session.js";
import { computerThinking } from "./local/page-table.js";
import { registerServiceWorker } from "./pwa/register.js";

const byId = (id: string): HTMLElement => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`index.html lacks #${id}`);
  return node;
};

const settings = loadSettings(localStorage, navigator.languages, matchMedia("(prefers-reduced-motion: reduce)").matches);
const params = new URLSearchParams(location.search);
const app = new App(
  { lobby: byId("lobby"), table: byId("table"), toolbar: byId("toolbar"), banner: byId("banner"), toast: byId("toast"), live: byId("live"), rules: byId("rules"), history: byId("history"), leaderboard: byId("leaderboard") },
  settings,
  serverUrl(import.meta.env.VITE_SERVER_URL, location, import.meta.env.DEV),
  (params.get("table") ?? "").toUpperCase(),
);

// Browser tests only: `vite build --mode e2e` defines __TEST_HOOK__; production builds drop this block.
if (__TEST_HOOK__) {
  (window as unknown as { __yt: unknown }).__yt = {
    inspect: () => app.inspect(),
    lines: () => app.live.lines(),
    sounds: () => app.sounds.sounded(),
    thinking: () => computerThinking(),
    hardAtOpenings: (count: number, budget: boolean) => import("./local/bench-probe.js").then((m) => m.hardAtOpenings(count, budget)),
  };
}

void app.start();
registerServiceWorker();
