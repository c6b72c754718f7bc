/** Grants a role to the account of a handle, or revokes it: what `npm run admin` does, in the server or beside the database. */
import { handleKey } from "../accounts/handles.js";
import type { Store } from "../storage/index.js";
import { ROLES, type Role } from "./actions.js";

/** Grants `role` ("mod", "admin"; "none" revokes) to the player holding `handle`; what was done, in words. Throws for a bad handle or role. */
export async function grantRole(store: Store, handle: string, role: string): Promise<string> {
  const wanted: Role | null = role === "none" ? null : (ROLES.find((r) => r === role) ?? null);
  if (wanted === null && role !== "none")
    throw new Error(`the role must be one of ${ROLES.join(", ")} or none (got "${role}")`);
  const bare = handle.replace(/^@/, "");
  const playerId = bare === "" ? null : await store.accounts.playerIdByHandle(handleKey(bare));
  if (playerId === null) throw new Error(`no account has the handle @${bare}`);
  await store.moderation.grant(playerId, wanted);
  return wanted === null ? `@${bare} has no role now` : `@${bare} is ${wanted} now`;
}
