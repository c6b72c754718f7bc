/**
 * The route of a request as a metric label and a log field: the template that answered it
 * (`/api/players/:id`), never the path itself, so ids never become label values and the set of
 * labels stays the set of routes however many players, tables and made-up paths there are.
 */
import type { IncomingMessage } from "node:http";

const MATCHMAKE_METHODS = new Set(["joinOrCreate", "create", "join", "joinById", "reconnect"]);
const OWN_ROUTES = new Set(["/health", "/metrics"]);

/**
 * `req`'s route template, read once it has been answered (express sets `req.route` when one of its
 * routes took it); `path` is the path as it arrived (express rewrites `req.url` under a mount point).
 */
export function routeLabel(req: IncomingMessage, path: string): string {
  const route = (req as { route?: { path?: unknown } }).route;
  if (path.startsWith("/api/") && typeof route?.path === "string") return `/api${route.path}`;
  if (path === "/api" || path.startsWith("/api/")) return "/api/unknown";
  if (path.startsWith("/matchmake/")) {
    const method = path.split("/")[2] ?? "";
    return MATCHMAKE_METHODS.has(method) ? `/matchmake/${method}` : "/matchmake/unknown";
  }
  if (OWN_ROUTES.has(path)) return path;
  return req.method === "GET" || req.method === "HEAD" ? "static" : "other";
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: one of the usual ones, or "other". */
export function methodLabel(req: IncomingMessage): string {
  return req.method !== undefined && METHODS.has(req.method) ? req.method : "other";
}
