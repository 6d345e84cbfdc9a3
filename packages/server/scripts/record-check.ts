/**
 * `npm run record:check -- <file>`: validates a game record (docs/records.md) and replays it through
 * its game's rules. Exit 0: valid; 1: the record is refused (the reason is printed); 2: no readable file.
 */
import { readFileSync } from "node:fs";
import { checkRecordText, RECORD_CHECK_EXIT } from "../src/record-check";

const file = process.argv[2];
let text: string;
try {
  if (!file || process.argv.length > 3) throw new Error("usage: npm run record:check -- <record file>");
  text = readFileSync(file === "-" ? 0 : file, "utf8");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(RECORD_CHECK_EXIT.usage);
}
const { code, lines } = checkRecordText(text);
for (const line of lines) (code === 0 ? console.log : console.error)(line);
process.exit(code);
