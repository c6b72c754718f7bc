/**
 * The client address the matchmaker sees (`context.ip` in onAuth), which limits per
 * address count by. Colyseus takes it from X-Real-IP, X-Forwarded-For or X-Client-IP
 * before the socket's peer address, so without a proxy in front any client could name
 * any address it likes. Unless the server is told a proxy sets those headers
 * (TRUST_PROXY), every HTTP request's X-Real-IP is overwritten with the peer address
 * before Colyseus reads it.
 */
import type http from "node:http";

/** Makes every request's X-Real-IP its socket's peer address (the first thing Colyseus reads). */
export function stampPeerAddress(server: http.Server): void {
  server.prependListener("request", (req: http.IncomingMessage) => {
    req.headers["x-real-ip"] = req.socket.remoteAddress ?? "unknown";
  });
}
