import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import type { TableView } from "../model/view.js";
import { byId, hasId, textOf } from "../shell/vnode-query.js";
import { bannerState, bannerView } from "./banner.js";

// bannerState reads only these of the view; shareLink needs a location.
const waiting = (v: Partial<TableView>): TableView =>
  ({ phase: "waiting", mode: "quick", code: "", mySeat: 0, ...v }) as TableView;
Object.assign(globalThis, { location: { origin: "https://yt.example", pathname: "/" } });

const acts = { copy: () => {}, meanwhile: () => {} };

describe("the banner over a waiting table", () => {
  it("offers the private table's code and link, and the watch link when watching was allowed", () => {
    const state = bannerState(waiting({ mode: "private", code: "K7Q2MZ" }), "en", "room-1", true);
    const view = bannerView(state, acts);
    expect(textOf(byId(view, "table-code"))).toBe("Table code: K7Q2MZ");
    expect(textOf(byId(view, "table-link"))).toBe("https://yt.example/?table=K7Q2MZ");
    expect(textOf(byId(view, "watch-link"))).toBe("https://yt.example/?watch=room-1");
    expect(
      hasId(
        bannerView(bannerState(waiting({ mode: "private", code: "K7Q2MZ" }), "en", null, true), acts),
        "watch-link",
      ),
    ).toBe(false);
  });

  it("offers the computer meanwhile only at an online quick-match seat still waiting", () => {
    expect(textOf(byId(bannerView(bannerState(waiting({}), "en", null, true), acts), "play-meanwhile"))).toBe(
      en.playMeanwhile,
    );
    expect(bannerState(waiting({}), "en", null, false).kind).toBe("none"); // a local table
    expect(bannerState(waiting({ mySeat: -1 }), "en", null, true).kind).toBe("none"); // a spectator
    expect(bannerState(waiting({ phase: "playing" }), "en", null, true).kind).toBe("none");
  });
});
