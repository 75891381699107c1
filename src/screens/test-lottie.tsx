import { Trans, useLingui } from "@lingui/react/macro";
import type { AnimationItem } from "lottie-web";
import { useEffect, useRef, useState } from "react";
import { importWithReload } from "../lib/app-updates.ts";
import { Button } from "../ui/button.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/** The animation shipped with the site (public/animations), drawn by hand: no network involved. */
const lottieAnimationPath = "/animations/lumen-pulse.json";

type Status = "loading" | "playing" | "paused" | "error";

/**
 * Test page: plays the shipped Lottie animation with lottie-web (its light SVG player, loaded on
 * demand). It starts paused when the visitor prefers reduced motion, or when `autoplay` is false.
 */
export function TestLottieScreen({ autoplay = true }: { autoplay?: boolean }) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const animation = useRef<AnimationItem | null>(null);
  const [status, setStatus] = useState<Status>("loading");

  useEffect(() => {
    let cancelled = false;
    const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    const play = autoplay && !reducedMotion;
    (async () => {
      const [{ default: lottie }, response] = await Promise.all([
        importWithReload(() => import("lottie-web/build/player/lottie_light")),
        fetch(lottieAnimationPath),
      ]);
      if (!response.ok) throw new Error(`Animation answered ${response.status}`);
      const animationData: unknown = await response.json();
      if (cancelled || !container.current) return;
      const item = lottie.loadAnimation({
        container: container.current,
        renderer: "svg",
        loop: true,
        autoplay: play,
        animationData,
      });
      // The current frame, for tests: written to the DOM directly, not through React state.
      item.addEventListener("enterFrame", () => {
        container.current?.setAttribute("data-frame", String(Math.floor(item.currentFrame)));
      });
      animation.current = item;
      setStatus(play ? "playing" : "paused");
    })().catch((error: unknown) => {
      console.warn("Could not load the animation", error);
      if (!cancelled) setStatus("error");
    });
    return () => {
      cancelled = true;
      animation.current?.destroy();
      animation.current = null;
    };
  }, [autoplay]);

  const toggle = () => {
    const item = animation.current;
    if (!item) return;
    if (status === "playing") {
      item.pause();
      setStatus("paused");
    } else {
      item.play();
      setStatus("playing");
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`Animation test`}
        description={t`This page checks that the animation shipped with the site plays in your browser.`}
      />
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-surface p-6">
        <div
          ref={container}
          role="img"
          aria-label={t`A violet circle pulsing while two dots orbit around it`}
          data-status={status}
          className="size-48"
        />
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {status === "loading" ? <Trans>Loading the animation…</Trans> : null}
          {status === "playing" ? <Trans>The animation is playing.</Trans> : null}
          {status === "paused" ? <Trans>The animation is paused.</Trans> : null}
          {status === "error" ? <Trans>The animation could not be loaded.</Trans> : null}
        </p>
        <Button variant="outline" onClick={toggle} disabled={status === "loading" || status === "error"}>
          {status === "playing" ? <Trans>Pause</Trans> : <Trans>Play</Trans>}
        </Button>
      </div>
    </div>
  );
}
