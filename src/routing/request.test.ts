import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { isSlugSegment } from "../content/slug.ts";
import { splatParam, validatedSplatData } from "./request.ts";

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    // `pageNotFound` throws `data(null, { status })`; the server's answer arrives as an ErrorResponse.
    if (isRouteErrorResponse(error)) return error.status;
    return (error as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("request helpers", () => {
  it("drops the trailing slash of a prerendered splat", () => {
    expect(splatParam("2026/launch-week/")).toBe("2026/launch-week");
    expect(splatParam("launch")).toBe("launch");
    expect(splatParam(undefined)).toBe("");
  });

  it("a catch-all's client loader turns an invalid or unbuilt slug into the 404", async () => {
    const clientLoader = (args: { params: { "*": string }; serverLoader: () => Promise<unknown> }) =>
      validatedSplatData(isSlugSegment, args);
    let asked = 0;
    const found = async () => (asked++, { title: "Account" });
    const notBuilt = async () => {
      asked++;
      throw new ErrorResponse(404, "Not Found", null);
    };
    expect(await clientLoader({ params: { "*": "account/" }, serverLoader: found })).toEqual({
      title: "Account",
    });
    expect(await statusOf(clientLoader({ params: { "*": "a/b" }, serverLoader: found }))).toBe(404);
    expect(asked).toBe(1); // an invalid slug never asks the server
    expect(await statusOf(clientLoader({ params: { "*": "gone" }, serverLoader: notBuilt }))).toBe(404);
    const failing = async () => {
      throw new Error("offline");
    };
    await expect(clientLoader({ params: { "*": "x" }, serverLoader: failing })).rejects.toThrow("offline");
  });
});
