/**
 * A seat taken with an account session that is signed out while the connection is
 * dropped is not given back to that connection: it reconnects only to be closed with
 * SESSION_ENDED_CODE, and the seat goes to a computer as any seat left for good.
 */
import { expect, it } from "vitest";
import { SESSION_ENDED_CODE } from "@yourtrumps/protocol";
import type { NewPlayerAnswer } from "../http/players.js";
import { call, mySeat, pickTrumps, seen, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ reconnectSeconds: 30 });

it("refuses a dropped seat back to a session signed out meanwhile", async () => {
  const ann = (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name: "Ann" } })).body;
  const bo = (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name: "Bo" } })).body;
  const a = await h.join("create", { mode: "private", token: ann.token });
  const b = await h.join("join", { mode: "private", code: seen(a).code, token: bo.token });
  await pickTrumps([a, b]);
  const seat = mySeat(b);
  await b.leave(false); // dropped
  await until(a, (x) => x.seats[seat]!.connected === false);
  expect((await call(h.base, "DELETE", `/api/me/sessions/${bo.sessionId}`, { token: bo.token })).status).toBe(204);
  const back = await h.colyseus.sdk.reconnect(b.reconnectionToken);
  back.reconnection.enabled = false;
  const code = await new Promise<number>((resolve) => back.onLeave((c) => resolve(c)));
  expect(code).toBe(SESSION_ENDED_CODE);
  const s = await until(a, (x) => x.seats[seat]!.isAI, 6000, "a computer in the signed-out seat");
  expect(s.phase).toBe("playing");
});
