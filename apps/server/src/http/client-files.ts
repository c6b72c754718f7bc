/** The built client, served by the game server itself when there is one (`CLIENT_DIST`, or ../client/dist). */
import path from "node:path";
import express from "express";

/** Serves the built client, with index.html for any other page (`/?table=CODE` links). */
export function serveClientFiles(app: express.Application, dir: string): void {
  app.use(express.static(dir, { index: "index.html", maxAge: "1h" }));
  app.use((req, res, next) => {
    if (req.method === "GET" && req.accepts("html")) res.sendFile(path.join(dir, "index.html"));
    else next();
  });
}
