/** The message catalogs by page (scripts/page-catalogs.ts). */
declare module "virtual:lumen/catalogs" {
  import type { Messages } from "@lingui/core";
  /** A scope's catalog in each locale; whole catalogs outside the app build. */
  export function catalogLoader(
    scope: string,
  ): Record<string, () => Promise<{ messages: Messages }>> | undefined;
}
