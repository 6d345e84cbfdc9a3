import "@fontsource/nunito/latin-400.css";
import "@fontsource/nunito/latin-700.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { initI18n } from "./i18n";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Installable app: the worker keeps the built app shell for offline starts (see scripts/service-worker.ts).
if (import.meta.env.PROD && "serviceWorker" in navigator)
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
