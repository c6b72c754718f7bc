/**
 * Clients of the account tests, each from an address of its own (the server trusts one proxy,
 * so X-Forwarded-For names it): one test's per-address limits are never another's.
 */
import type { NewPlayerAnswer } from "../http/players.js";
import { call, type Harness } from "./harness.js";

export interface AccountClient {
  call: <T>(method: string, path: string, o?: { token?: string; body?: unknown }) => ReturnType<typeof call<T>>;
}

/** Makers of clients, guests and unique handles on the server `server()` (booted with trustProxy 1). */
export function accountClients(
  server: () => Harness,
  kind: string,
): {
  client: () => AccountClient;
  guest: (c: AccountClient, name?: string) => Promise<NewPlayerAnswer>;
  handleOf: (prefix: string) => string;
} {
  let addresses = 0;
  const client = (): AccountClient => {
    const address = `10.${kind === "pglite" ? 1 : 2}.${Math.floor(++addresses / 250)}.${addresses % 250}`;
    return {
      call: (method, path, o = {}) =>
        call(server().base, method, path, {
          ...o,
          headers: { "X-Forwarded-For": address, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
        }),
    };
  };
  const guest = async (c: AccountClient, name = "Guest"): Promise<NewPlayerAnswer> =>
    (await c.call<NewPlayerAnswer>("POST", "/api/players", { body: { name } })).body;
  const handleOf = (prefix: string): string => `${prefix}_${kind}_${++addresses}`;
  return { client, guest, handleOf };
}
