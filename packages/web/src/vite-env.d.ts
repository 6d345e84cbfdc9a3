/// <reference types="vite/client" />

/** The standard deck's version at build time (vite.config.ts `define`). */
declare const __STANDARD_DECK_VERSION__: string;
