/**
 * Chat before the game starts: people seated in the lobby talk while they wait; whoever arrives later
 * (seated or watching) reads what was said; spectators read but cannot write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seatTable, startTestServer, TestClient } from "./helpers";

let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  env = await startTestServer({ botDelayMs: 0 });
});
afterAll(async () => {
  await env?.close();
});

interface Line {
  text: string;
  name: string;
  seat: number | null;
}
type Ack = { ok: boolean; error?: { code: string } };

const heard = (client: TestClient, text: string) =>
  client.frames.some((f) => f.event === "chat" && (f.payload as Line).text === text);

describe("chat in the lobby", () => {
  it("seated players chat before the start; spectators read it, and late arrivals get the history", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 2, { table: { seats: 4 } });
    const [host, guest] = t.clients as [TestClient, TestClient];
    const watcher = new TestClient(base);
    await watcher.attach(t.code);
    expect(host.table?.status).toBe("lobby");

    const said = await guest.emit<Ack>("chat", { text: "Waiting for Dario, two minutes" });
    expect(said.ok).toBe(true);
    for (const c of [host, guest, watcher])
      await c.waitFor(() => heard(c, "Waiting for Dario, two minutes"), 5000, "the lobby chat line");
    const line = host.frames.find((f) => f.event === "chat")?.payload as Line;
    expect(line).toMatchObject({ name: "P1", seat: 1 });

    // Spectators read but do not write, in the lobby as in the game.
    const refused = await watcher.emit<Ack>("chat", { text: "can I say something?" });
    expect(refused.error?.code).toBe("auth/not_seated");

    // Someone opening the link later gets what was said with their hello.
    const late = new TestClient(base);
    const ack = (await late.attach(t.code)) as unknown as { chat: Line[] };
    expect(ack.chat.map((l) => l.text)).toEqual(["Waiting for Dario, two minutes"]);

    for (const c of [...t.clients, watcher, late]) c.close();
  });
});
