import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./src/routes-table.ts";

export default {
  appDirectory: "src",
  // ssr: true + an explicit prerender list: every public page becomes static HTML at build time,
  // and our server only serves files (see DESIGN.md).
  ssr: true,
  prerender: prerenderPaths,
  // Lazy discovery would ask a running React Router server for /__manifest; we have none.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
