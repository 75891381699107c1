import { addons } from "storybook/manager-api";

/**
 * Some stories fix a viewport larger than a usual window's canvas (a tall desktop, so that their
 * screenshot shows the whole page). Storybook centres such a frame in the canvas and cuts off its
 * left side, with no way to scroll to it. This scales the frame down until it fits the canvas's
 * width, as the zoom tool would: the story keeps its viewport (its layout is the one the screenshot
 * shows) and a designer sees all of it at first glance. The screenshot tests run without this
 * manager, at the story's real size.
 */
const wrapperSelector = "#storybook-preview-wrapper";
/** The viewport frame: the element Storybook sizes to the viewport (it carries the zoom level). */
const frameSelector = `${wrapperSelector} [data-scale]`;
/** The padding Storybook keeps on each side of a fixed viewport. */
const gutter = 40;

function fitFrames() {
  const wrapper = document.querySelector<HTMLElement>(wrapperSelector);
  if (!wrapper) return;
  for (const frame of document.querySelectorAll<HTMLElement>(frameSelector)) {
    // A fixed viewport has a width in pixels (`calc(1200px)`); the responsive one fills the canvas.
    const width = /^calc\(([\d.]+)px\)$|^([\d.]+)px$/.exec(frame.style.width);
    const natural = width ? Number(width[1] ?? width[2]) : 0;
    const room = wrapper.clientWidth - 2 * gutter;
    const zoom =
      natural > 0 && room > 0 && natural > room ? String(Math.floor((room / natural) * 1000) / 1000) : "";
    if (frame.style.zoom !== zoom) frame.style.zoom = zoom;
  }
}

addons.register("lumen/fit-viewport", () => {
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      fitFrames();
    });
  };
  // The canvas appears after the manager starts and changes with the story, the viewport and the
  // panels: watch the page for new frames and restyled ones, and the canvas for its size.
  const resize = new ResizeObserver(schedule);
  let observed: Element | null = null;
  new MutationObserver(() => {
    const wrapper = document.querySelector(wrapperSelector);
    if (wrapper !== observed) {
      if (observed) resize.unobserve(observed);
      if (wrapper) resize.observe(wrapper);
      observed = wrapper;
    }
    schedule();
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["style"] });
});
