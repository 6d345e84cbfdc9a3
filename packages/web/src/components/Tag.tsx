import type { ReactNode } from "react";

/**
 * A small label after a name ("you", "Dealer", "Bot"). A hidden comma before it keeps a screen
 * reader from running name and tags together ("Bruno, you, Dealer", not "BrunoyouDealer").
 */
export function Tag({ children, warn = false }: { children: ReactNode; warn?: boolean }) {
  return (
    <span className={warn ? "tag warn" : "tag"}>
      <Comma />
      {children}
    </span>
  );
}

/** A comma only screen readers hear, between parts of a line that are set apart visually. */
export function Comma() {
  return <span className="visually-hidden">, </span>;
}
