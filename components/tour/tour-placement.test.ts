import { describe, expect, it } from "vitest";
import { overlaps, placeTour, targetTopFor, type Rect } from "./tour-placement";

const boxRect = (placement: ReturnType<typeof placeTour>, height: number, viewportHeight: number): Rect => ({
  left: placement.left,
  top: placement.top ?? viewportHeight - height,
  width: placement.width,
  height,
});

describe("tour placement", () => {
  const desktop = { width: 1440, height: 900 };
  // The request panel in the run column, right of the side panel (the layout at 1440 px).
  const requestPanel = { left: 470, top: 150, width: 950, height: 520 };

  it("sits beside a target in the run column, never on it", () => {
    const placement = placeTour(requestPanel, 280, desktop, 112);
    expect(placement.kind).toBe("beside-left");
    expect(overlaps(boxRect(placement, 280, desktop.height), { ...requestPanel, left: 462, width: 966 })).toBe(false);
    expect(placement.top).toBeGreaterThanOrEqual(112);
  });

  it("goes below a full-width target and scrolls so both fit", () => {
    const tablet = { width: 768, height: 1024 };
    const target = { left: 20, top: 600, width: 728, height: 292 };
    const top = targetTopFor(target, 300, tablet, 56);
    const moved = { ...target, top };
    const placement = placeTour(moved, 300, tablet, 56);
    expect(placement.kind).toBe("below");
    expect(overlaps(boxRect(placement, 300, tablet.height), moved)).toBe(false);
    expect((placement.top ?? 0) + 300).toBeLessThanOrEqual(tablet.height);
  });

  it("docks at the bottom of a phone, with the target scrolled above the box", () => {
    const phone = { width: 390, height: 844 };
    const target = { left: 12, top: 900, width: 366, height: 292 };
    const placement = placeTour(target, 320, phone, 48);
    expect(placement).toMatchObject({ kind: "dock", left: 0, width: 390 });
    const top = targetTopFor(target, 320, phone, 48);
    // The target's bottom ends above the docked box.
    expect(top + target.height).toBeLessThanOrEqual(phone.height - 320);
  });

  it("puts the start of a target taller than the screen at the top", () => {
    const tall = { left: 470, top: 2_000, width: 950, height: 1_600 };
    expect(targetTopFor(tall, 280, desktop, 112)).toBe(112 + 12 + 8);
  });
});
