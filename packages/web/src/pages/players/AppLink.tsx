import type { ReactNode } from "react";
import { navigate } from "../../router";

/** A link within the app: followed without reloading the page (a new tab or window still works). */
export function AppLink({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={to}
      {...(className && { className })}
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
