import type { ReactNode } from "react";
import { navigate } from "../../router";

/** A link within the app: followed without reloading the page (a new tab or window still works). */
export function AppLink({
  to,
  children,
  current = false,
}: {
  to: string;
  children: ReactNode;
  /** The page shown now: marked for the eye and for screen readers. */
  current?: boolean;
}) {
  return (
    <a
      href={to}
      {...(current && { className: "current", "aria-current": "page" as const })}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** A profile's path: `/@name`. */
export const profilePath = (name: string) => `/@${encodeURIComponent(name)}`;
