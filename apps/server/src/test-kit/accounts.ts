/** Account holders for tests: a guest and its claimed account, made through the store as POST /api/account does. */
import type { NewPlayer, Store } from "../storage/index.js";

let made = 0;

/** A new guest made an account with handle `handle` (by default one from its name). */
export async function accountHolder(
  store: Store,
  name: string,
  handle?: string,
): Promise<NewPlayer & { handle: string }> {
  const player = await store.createPlayer(name);
  const wanted = handle ?? `p${(made++).toString(36)}_${player.id.slice(0, 8)}`;
  const claimed = await store.accounts.claimAccount(player.id, { handle: wanted, key: wanted.toLowerCase() }, null);
  if (!claimed.ok) throw new Error(`the account ${wanted} was not made: ${claimed.why}`);
  return { ...player, handle: wanted };
}
