/**
 * Accounts across two real server processes sharing Redis and one PostgreSQL: an account
 * claimed on one signs in on the other; a session ended through one is refused by the
 * other at once and its presence connection there is closed; the limits are shared
 * (Redis counts them), so spreading requests over processes gains nothing.
 */
import { expect, it } from "vitest";
import { PRESENCE_ROOM, SESSION_ENDED_CODE } from "@yourtrumps/protocol";
import type { NewPlayerAnswer } from "../http/players.js";
import type { SessionAnswer } from "../http/account-answers.js";
import { call } from "../test-kit/harness.js";
import { useProcesses } from "../test-kit/process-fixture.js";

const processes = useProcesses({ database: "accounts_two_processes", env: () => ({ API_PER_MINUTE: "100000" }) });

it("signs in, ends sessions and counts limits the same through either process", async () => {
  const [a, b] = processes.bases as [string, string];

  const guest = (await call<NewPlayerAnswer>(a, "POST", "/api/players", { body: { name: "Twice" } })).body;
  expect(
    (
      await call(a, "POST", "/api/account", {
        token: guest.token,
        body: { handle: "Twice", password: "two process horse" },
      })
    ).status,
  ).toBe(201);
  const onB = await call<SessionAnswer>(b, "POST", "/api/sessions", {
    body: { handle: "twice", password: "two process horse" },
  });
  expect(onB.status).toBe(201);
  expect(onB.body.id).toBe(guest.id);

  // B's session holds a presence connection on B; A ends every other session.
  const page = processes.kept(await processes.sdk(1).create(PRESENCE_ROOM, { token: onB.body.token }));
  const closed = new Promise<number>((resolve) => page.onLeave((code) => resolve(code)));
  expect((await call(a, "DELETE", "/api/me/sessions?others=1", { token: guest.token })).body).toEqual({ ended: 1 });
  expect((await call(b, "GET", "/api/me", { token: onB.body.token })).status).toBe(401);
  expect(await closed).toBe(SESSION_ENDED_CODE);
  // The ended token can no longer join.
  await expect(processes.sdk(1).create(PRESENCE_ROOM, { token: onB.body.token })).rejects.toThrow(/bad-token/);

  // Passkey verifications from one address: 10 a minute, whichever process hears them.
  const junk = {
    response: {
      id: "AA",
      rawId: "AA",
      type: "public-key",
      response: { clientDataJSON: "", authenticatorData: "", signature: "" },
    },
  };
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await call(i % 2 === 0 ? a : b, "POST", "/api/sessions/passkey", { body: junk })).status);
  expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
  expect(statuses[10]).toBe(429);

  // Password failures of one account: the fourth in a row waits, on the other process too.
  for (let i = 0; i < 3; i++)
    expect(
      (await call(i % 2 === 0 ? a : b, "POST", "/api/sessions", { body: { handle: "Twice", password: `wrong ${i}` } }))
        .status,
    ).toBe(401);
  expect(
    (await call(b, "POST", "/api/sessions", { body: { handle: "Twice", password: "two process horse" } })).status,
  ).toBe(429);
}, 120_000);
