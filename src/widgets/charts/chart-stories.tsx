import type * as React from "react";
import { expect, userEvent, within } from "storybook/test";

/** What the chart stories share: their frame, the parts they query and the checks every chart passes. */

/** A chart story's page: padded, at most 720 px wide. */
export function ChartStoryFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="p-6">
      <div className="max-w-[720px]">{children}</div>
    </div>
  );
}

/** The interactive plot's tooltip, if shown. */
export const tooltip = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-slot="chart-tooltip"]');

/** The values written above the bars. */
export const barValues = (root: HTMLElement) => [
  ...root.querySelectorAll<SVGTextElement>('[data-slot="chart-bar-value"]'),
];

/** Whether two boxes on screen share any pixel. */
export function overlap(a: DOMRect | undefined, b: DOMRect | undefined): boolean {
  if (!a || !b) return false;
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The shown tooltip (or a static item's value label) hides none of the values written above the bars. */
export async function expectValuesReadable(root: HTMLElement, label: Element | null | undefined) {
  const box = label?.getBoundingClientRect();
  await expect(box?.width).toBeGreaterThan(0);
  const hidden = barValues(root).filter((value) => overlap(box, value.getBoundingClientRect()));
  await expect(hidden.map((value) => value.textContent)).toEqual([]);
}

/** A static plot item's value label. */
export const valueLabel = (item: Element | undefined) => item?.querySelector('[data-slot="chart-value"]');

/** Loading: the placeholder says so. */
export async function expectLoading(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole("status")).toHaveTextContent(
    fr ? "Chargement du graphique" : "Loading chart",
  );
  return canvas;
}

/** Error: the alert shows `message`, and "Try again" calls `onRetry` once. */
export async function expectRetry(
  canvasElement: HTMLElement,
  fr: boolean,
  message: string,
  onRetry: unknown,
) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole("alert")).toHaveTextContent(message);
  await userEvent.click(canvas.getByRole("button", { name: fr ? "Réessayer" : "Try again" }));
  await expect(onRetry).toHaveBeenCalledOnce();
}

/** No data: the empty state shows. */
export async function expectEmpty(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  await expect(canvas.getByText(fr ? "Pas encore de données" : "No data yet")).toBeVisible();
  return canvas;
}

/**
 * The static chart on a phone: `count` items, drawn at the narrow width and scaled to the screen,
 * its 12 px text still at 11 px or more. Returns the items and their plot.
 */
export async function expectStaticNarrow(canvasElement: HTMLElement, count: number) {
  const items = await within(canvasElement).findAllByRole("img");
  await expect(items).toHaveLength(count);
  const plot = items[0]?.closest("svg");
  await expect(plot).toHaveAttribute("viewBox", "0 0 340 280");
  const scale = (plot?.getBoundingClientRect().width ?? 0) / 340;
  await expect(12 * scale).toBeGreaterThanOrEqual(11);
  return { items, plot };
}
