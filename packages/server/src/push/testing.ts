/**
 * `@firmament/server/push-testing`: what end-to-end tests need to make and check calls from outside the
 * server process — the local push service, and the calls opened on the server's own database.
 */
export { systemClock } from "../clock";
export { openLocalSqliteStore } from "../store/sqlite-local";
export { createPushCalls } from "./calls";
export { LocalPushService, type LocalSubscription, type ReceivedPush } from "./local-push-service";
export { loadVapid } from "./vapid";

import pino from "pino";

/** A logger that says nothing, for calls made by a test. */
export const silentLog = pino({ level: "silent" });
