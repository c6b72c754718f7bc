/**
 * A page's bucket in the presence room, on a server with the production limit
 * (PRESENCE_MESSAGES_PER_SECOND): a flood is refused as rate-limited, and the page stays.
 */
import { expect, it } from "vitest";
import { PRESENCE_ROOM, type ChallengeErrorMessage } from "@yourtrumps/protocol";
import { eventually, players } from "../test-kit/tables.js";
import { useServer } from "../test-kit/server-fixture.js";
import { PRESENCE_MESSAGES_PER_SECOND } from "./presence-room.js";

const h = useServer({ presenceMessagesPerSecond: PRESENCE_MESSAGES_PER_SECOND });

it("a flood of messages is refused as rate-limited, and the page stays connected", async () => {
  const [ivy] = await players(h.store, "Ivy");
  const ivyPage = await h.colyseus.sdk.joinOrCreate(PRESENCE_ROOM, { token: ivy!.token });
  ivyPage.reconnection.enabled = false;
  const codes: string[] = [];
  ivyPage.onMessage("challenge-error", (m: ChallengeErrorMessage) => codes.push(m.code));
  for (let i = 0; i < 30; i++) ivyPage.send("answer", { id: `x${i}`, accept: true });
  await eventually(
    () => Promise.resolve(codes),
    (c) => c.includes("rate-limited"),
    5000,
    "rate-limited",
  );
  expect(codes.filter((c) => c === "unknown-challenge").length).toBeLessThanOrEqual(8);
  expect(ivyPage.connection.isOpen).toBe(true);
  await ivyPage.leave();
});
