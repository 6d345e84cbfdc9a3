import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Where `vite dev` forwards API, socket and card requests: a running `npm start` server. */
const backend = process.env.FIRMAMENT_BACKEND ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      "/api": backend,
      "/cards": backend,
      "/third-party-notices.txt": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
});
