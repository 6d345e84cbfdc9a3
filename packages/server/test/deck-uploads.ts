/** Uploading pictures as a browser's form does, and counting the deck rows a server stored. */
import { join } from "node:path";
import Database from "better-sqlite3";

export type Part = { name: string; bytes: Uint8Array; type?: string };

/** POSTs `files` (field `images`) and `fields` to `/api/decks` of the server at `base`. */
export async function uploadTo(base: string, files: Part[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(
      "images",
      new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? "application/octet-stream" }),
      f.name,
    );
  const response = await fetch(`${base}/api/decks`, { method: "POST", body: form });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), headers: response.headers };
}

/** Rows in the deck tables, read straight from the SQLite file in `dataDir`. */
export function deckRowsIn(dataDir: string): { decks: number; cards: number } {
  const db = new Database(join(dataDir, "firmament.sqlite"), { readonly: true });
  try {
    const count = (t: string) => (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n;
    return { decks: count("decks"), cards: count("deck_cards") };
  } finally {
    db.close();
  }
}
