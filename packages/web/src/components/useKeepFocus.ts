import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";

/**
 * The control ready for the next decision: inside a `data-decision` element, the enabled one marked
 * `data-focus-first` (the usual choice, say "End turn" rather than an accusation), else the first.
 */
export const NEXT_DECISION = "[data-decision] :is(button, input):not(:disabled)";
const USUAL_DECISION = "[data-decision] [data-focus-first]:not(:disabled)";

function nextDecision(area: HTMLElement): HTMLElement | null {
  return area.querySelector<HTMLElement>(USUAL_DECISION) ?? area.querySelector<HTMLElement>(NEXT_DECISION);
}
/** Where the next decision will appear while there is none (focusable by script: tabIndex -1). */
export const DECISION_AREA = "[data-decision-area]";

/**
 * Where the focus goes after a render, or null to leave it: only for someone using the keyboard in
 * this area, when the focus fell to the page (the pressed control disappeared or was disabled) or
 * waits in a decision area — then to the next decision, else to the area where it will appear.
 */
export function focusTarget(area: HTMLElement, active: Element | null, body: Element): HTMLElement | null {
  const lost = active === null || active === body;
  const waiting = active instanceof HTMLElement && active.matches(DECISION_AREA) && area.contains(active);
  if (!lost && !waiting) return null;
  const next = nextDecision(area);
  if (next) return next;
  return lost ? area.querySelector<HTMLElement>(DECISION_AREA) : null;
}

/**
 * Keeps a keyboard user's focus where the next decision is: without it, a pressed button that
 * disappears after the move drops the focus to the top of the page. Pointer users are left alone
 * (moving their focus would scroll the page under their finger).
 */
export function useKeepFocus(area: RefObject<HTMLElement | null>): void {
  const inside = useRef(false);
  const keyboard = useRef(false);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      inside.current = event.target instanceof Node && (area.current?.contains(event.target) ?? false);
    };
    const onKey = () => {
      keyboard.current = true;
    };
    const onPointer = () => {
      keyboard.current = false;
    };
    document.addEventListener("focusin", onFocus);
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer, true);
    return () => {
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer, true);
    };
  }, [area]);
  // After every render: a move, a push or "busy" may have taken the focused control away.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el || !inside.current || !keyboard.current) return;
    focusTarget(el, document.activeElement, document.body)?.focus();
  });
}
