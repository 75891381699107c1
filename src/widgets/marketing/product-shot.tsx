import { useLingui } from "@lingui/react/macro";
import { cn } from "#src/lib/cn.ts";
import { siteConfig } from "#shared/site-config.ts";
import { StremioCredentials } from "../stremio/stremio-credentials.tsx";

/** Sample credentials: what a new account gets, never a real one. */
export const sampleCredentials = {
  username: `camille_x7k2@${siteConfig.stremioDomain}`,
  password: "q7Rf-2mXv-9LpT-4hZc",
};

const noop = () => {};

/**
 * The product as a picture: the real Stremio credentials card with sample data, framed and tilted
 * over a soft glow. The card is `inert` and hidden from assistive technology (its buttons are not
 * reachable and do nothing, its titles are no headings); an empty image laid over it describes it.
 * The card is not inside that image: a `role="img"` element may hold no headings, links or buttons.
 * A content page can show it without any script.
 */
export function ProductShot({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div data-slot="product-shot" className={cn("relative isolate select-none", className)}>
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -inset-y-10 -z-10 rounded-full bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--primary)_35%,transparent),transparent)] blur-2xl"
      />
      {/* On the narrowest phones the card is drawn smaller (zoom) rather than squeezed: its
          password and its tabs would not fit, and a picture may not cut them. */}
      <div
        inert
        aria-hidden="true"
        className="pointer-events-none max-h-[22rem] overflow-hidden rounded-xl max-[24rem]:[zoom:0.8] shadow-2xl shadow-black/50 [mask-image:linear-gradient(to_bottom,black_70%,transparent)] sm:max-h-[26rem] lg:[transform:perspective(1600px)_rotateY(-8deg)_rotateX(3deg)]"
      >
        <StremioCredentials credentials={sampleCredentials} onGenerate={noop} headingLevel={null} />
      </div>
      <div
        role="img"
        aria-label={t`Preview of the Stremio credentials card on the Account page: a generated username and a hidden password, each with a copy button.`}
        className="absolute inset-0"
      />
    </div>
  );
}
