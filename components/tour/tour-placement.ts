/**
 * Where the tour's box goes, and where the page scrolls, so the box never covers the figures a step talks about:
 * beside the target when there is room at its side (the side panel's column on a wide screen), else below it with
 * the page scrolled so both fit, and on a phone docked at the bottom of the screen with the target scrolled above it.
 * Pure geometry (viewport coordinates), so it is tested without a browser.
 */

export type Rect = { top: number; left: number; width: number; height: number };
export type Viewport = { width: number; height: number };

export type TourPlacement = {
  kind: "beside-left" | "beside-right" | "below" | "above" | "dock" | "center";
  /** Box position in viewport pixels; `top` is unset when docked (it sits on the bottom edge). */
  left: number;
  top?: number;
  width: number;
};

/** Space between the spotlight ring and the element it outlines. */
export const SPOTLIGHT_PADDING = 8;
export const POPOVER_WIDTH = 400;
/** Narrower than this, a box beside the target is too cramped to read: the box goes below or docks instead. */
export const POPOVER_MIN_WIDTH = 300;
const GAP = 14;
const MARGIN = 12;
/** Below this width the page is a phone layout: the box docks at the bottom. */
export const DOCK_BELOW_WIDTH = 640;
/** The docked box takes at most this share of the screen's height (it scrolls inside beyond that). */
export const DOCK_MAX_SHARE = 0.42;

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/** Room for the box at the target's left and right sides, after the ring, a gap and the screen margin. */
function sideRoom(rect: Rect, viewport: Viewport) {
  return {
    left: rect.left - SPOTLIGHT_PADDING - GAP - MARGIN,
    right: viewport.width - (rect.left + rect.width + SPOTLIGHT_PADDING + GAP) - MARGIN,
  };
}

export function docks(viewport: Viewport): boolean {
  return viewport.width < DOCK_BELOW_WIDTH;
}

/** True when the box can sit at one side of the target, whatever the target's height. */
export function fitsBeside(rect: Rect, viewport: Viewport): boolean {
  if (docks(viewport)) return false;
  const room = sideRoom(rect, viewport);
  return Math.max(room.left, room.right) >= POPOVER_MIN_WIDTH;
}

/**
 * The box's place for a target at `rect` (null: the target is not on the page). `topInset` is what sticky bars
 * cover at the top of the screen; the box never goes under them.
 */
export function placeTour(rect: Rect | null, boxHeight: number, viewport: Viewport, topInset = 0): TourPlacement {
  if (docks(viewport)) return { kind: "dock", left: 0, width: viewport.width };
  const width = Math.min(POPOVER_WIDTH, viewport.width - 2 * MARGIN);
  if (!rect)
    return {
      kind: "center",
      left: (viewport.width - width) / 2,
      top: Math.max(MARGIN, (viewport.height - boxHeight) / 2),
      width,
    };
  const top = clamp(rect.top - SPOTLIGHT_PADDING, topInset + MARGIN, viewport.height - boxHeight - MARGIN);
  if (fitsBeside(rect, viewport)) {
    const room = sideRoom(rect, viewport);
    const side = room.left >= room.right ? "left" : "right";
    const besideWidth = Math.min(POPOVER_WIDTH, room[side]);
    const left =
      side === "left"
        ? rect.left - SPOTLIGHT_PADDING - GAP - besideWidth
        : rect.left + rect.width + SPOTLIGHT_PADDING + GAP;
    return { kind: side === "left" ? "beside-left" : "beside-right", left, top, width: besideWidth };
  }
  const left = clamp(rect.left, MARGIN, viewport.width - width - MARGIN);
  const below = rect.top + rect.height + SPOTLIGHT_PADDING + GAP;
  if (below + boxHeight + MARGIN <= viewport.height) return { kind: "below", left, top: below, width };
  const above = rect.top - SPOTLIGHT_PADDING - GAP - boxHeight;
  if (above >= topInset + MARGIN) return { kind: "above", left, top: above, width };
  // No room anywhere: dock at the bottom; scrollTopFor put the target's top part above the box.
  return { kind: "dock", left: viewport.width - width - MARGIN, width };
}

/**
 * Where the target's top should be on screen (viewport y) for placeTour to find room for the box without covering
 * it: centred when the box goes beside; high enough for the box to fit below it otherwise; at the top when the
 * target is taller than the room left (its start is what the step describes first).
 */
export function targetTopFor(rect: Rect, boxHeight: number, viewport: Viewport, topInset = 0): number {
  const top = topInset + MARGIN + SPOTLIGHT_PADDING;
  const dockHeight = docks(viewport) ? Math.min(boxHeight, viewport.height * DOCK_MAX_SHARE) : 0;
  const room = viewport.height - top - MARGIN - dockHeight;
  if (fitsBeside(rect, viewport) || docks(viewport)) return rect.height >= room ? top : top + (room - rect.height) / 2;
  const needed = rect.height + SPOTLIGHT_PADDING + GAP + boxHeight;
  return needed >= room ? top : top + (room - needed) / 2;
}

/** True when the two rectangles share any area (the box over the spotlighted target). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}
