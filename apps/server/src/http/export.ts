/**
 * `GET /api/me/export`: everything the server holds about the token's player, as one
 * JSON document streamed as it is read (storage/export.ts), as a download. No secret
 * hash is in it.
 */
import type express from "express";
import type { Store } from "../storage/index.js";
import { signedInPlayer } from "./auth.js";
import { HttpError, fromStore, methodNotAllowed } from "./errors.js";

export function exportRoutes(router: express.Router, store: Store): void {
  router
    .route("/me/export")
    .get(async (req, res) => {
      const player = await signedInPlayer(req, store);
      res.status(200).set({
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="yourtrumps-${player.id}.json"`,
        "Cache-Control": "private, no-store",
      });
      const write = (chunk: string): Promise<void> =>
        new Promise((resolve) => {
          if (res.write(chunk) || res.destroyed) return resolve();
          const go = (): void => {
            res.off("drain", go).off("close", go);
            resolve();
          };
          res.on("drain", go).on("close", go); // closed: the client went away, and the rest is written to nobody, quickly
        });
      const found = await fromStore(() => store.accounts.exportPlayer(player.id, write));
      if (!found && !res.headersSent) throw new HttpError(404, "this token's player is gone");
      res.end();
    })
    .all(methodNotAllowed("GET"));
}
