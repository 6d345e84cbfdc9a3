import type { Redis } from "ioredis";
import type { Metrics } from "./metrics";

type SendCommand = Redis["sendCommand"];

/**
 * Times every command sent on `redis` and counts those that fail, and the connection's reconnections.
 * ioredis sends every command through `sendCommand`, with its reply as `command.promise`.
 */
export function instrumentRedis(redis: Redis, metrics: Metrics): void {
  const send: SendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command, stream) => {
    const started = performance.now();
    command.promise.then(
      () => metrics.redisCommand(performance.now() - started, false),
      () => metrics.redisCommand(performance.now() - started, true),
    );
    return send(command, stream);
  }) as SendCommand;
  redis.on("reconnecting", () => metrics.redisReconnect());
}
