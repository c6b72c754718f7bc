import type { Card } from "@yourtrumps/engine";
import { Api } from "./net/api.js";
import { savedCredentials } from "./net/identity.js";
import { serverUrl } from "./net/session.js";
import { App } from "./shell/app.js";
import { ReplayPage } from "./replay/replay-page.js";
import { replayMeeting } from "./people/replay-meeting.js";
import { currentRoute } from "./shell/route.js";
import { loadSettings } from "./shell/settings.js";
import { computerThinking } from "./local/page-table.js";
import { registerServiceWorker } from "./pwa/register.js";
import { sceneProbe } from "./scene/scene-probe.js";

const byId = (id: string): HTMLElement => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`index.html lacks #${id}`);
  return node;
};

const settings = loadSettings(
  localStorage,
  navigator.languages,
  matchMedia("(prefers-reduced-motion: reduce)").matches,
);
const route = currentRoute();
const server = serverUrl(import.meta.env.VITE_SERVER_URL, location, import.meta.env.DEV);
// `?game=<id>`: a recorded hand's replay page, which anyone with the link may open; else the game.
const page =
  route.kind === "replay"
    ? new ReplayPage(
        { table: byId("table"), replay: byId("replay"), live: byId("live") },
        settings,
        new Api(server),
        route.gameId,
        savedCredentials(localStorage)?.id ?? null,
        route.review,
        localStorage,
        sessionStorage,
      )
    : new App(
        {
          lobby: byId("lobby"),
          table: byId("table"),
          toolbar: byId("toolbar"),
          banner: byId("banner"),
          toast: byId("toast"),
          live: byId("live"),
          watching: byId("watching"),
          arenaNote: byId("arena-note"),
          replay: byId("replay"),
          rules: byId("rules"),
          history: byId("history"),
          leaderboard: byId("leaderboard"),
          player: byId("player"),
          arenas: byId("arenas"),
          arena: byId("arena"),
          mod: byId("mod"),
          notices: byId("notices"),
          report: byId("report"),
          account: byId("account"),
          signin: byId("signin"),
        },
        settings,
        server,
        route,
      );

// Browser tests only: `vite build --mode e2e` defines __TEST_HOOK__; production builds drop this block.
if (__TEST_HOOK__) {
  (window as unknown as { __yt: unknown }).__yt = {
    inspect: () => page.inspect(),
    lines: () => page.live.lines(),
    sounds: () => (page instanceof App ? page.sounds.sounded() : []),
    thinking: () => computerThinking(),
    scene: () => sceneProbe()?.counts() ?? null,
    frames: () => sceneProbe()?.frames() ?? null,
    drawnBoxes: () => sceneProbe()?.drawnBoxes() ?? [],
    cardSprite: (card: string) => sceneProbe()?.cardSprite(card as Card) ?? null,
    hardAtOpenings: (count: number, budget: boolean) =>
      import("./local/bench-probe.js").then((m) => m.hardAtOpenings(count, budget)),
  };
}

void page.start();
// A replay by its link has no lobby, but an invitation still reaches its player there.
if (page instanceof ReplayPage) replayMeeting(server, settings, byId("toast"), localStorage, sessionStorage);
registerServiceWorker();
