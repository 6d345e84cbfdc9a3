// Bootstrap of the deck-processing worker thread: the server's sources are TypeScript, run through tsx
// in the main thread (npm start) or vitest (tests); a worker starts with neither, so it registers tsx
// itself before loading the real worker, whose task function piscina runs.
import { register } from "tsx/esm/api";

register();
const worker = await import("./processor-worker.ts");
export default worker.default;
