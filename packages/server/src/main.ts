/** `npm start` / `npm run start:server`: the server configured by the environment (`run-server.ts`). */
import { runServer } from "./run-server";

await runServer();
