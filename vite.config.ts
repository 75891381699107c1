import { reactRouter } from "@react-router/dev/vite";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * Content pages ship no application bundle; their page script imports small standalone modules
 * (plain DOM code) on demand. The client build emits each at a fixed URL under `/enhance/` that
 * the prerendered page script names (src/enhance/page-script.ts); the server revalidates them.
 */
const enhanceModules = ["docs-search"];

function emitEnhanceModules(): Plugin {
  return {
    name: "lumen:enhance-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      for (const name of enhanceModules) {
        const id = path.resolve(`src/enhance/${name}.ts`);
        if (existsSync(id)) this.emitFile({ type: "chunk", id, fileName: `enhance/${name}.js` });
      }
    },
  };
}

/**
 * The app pages' chunks, so that a first visit asks for about ten files, not forty: the framework
 * (React, React DOM, the router), the libraries and the app code every account page runs, each in
 * one file; route modules stay apart. Modules loaded on demand (the account menu, charts, the
 * PocketBase SDK, the docs search, Lottie) are left out of every group, or they would load at once.
 */
const chunkGroups = [
  {
    name: "framework",
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: "vendor",
    test: /node_modules[\\/](@lingui[\\/](core|react)|use-sync-external-store|tailwind-merge|clsx|class-variance-authority|lucide-react|@radix-ui[\\/](primitive|number|react-(slot|compose-refs|primitive|context|presence|collection|roving-focus|radio-group|checkbox|use-[a-z-]+|id|direction|label|separator|visually-hidden)))[\\/]/,
  },
  {
    name: "app",
    test: /[\\/]src[\\/](routing[\\/]|site-config\.ts|fonts\.ts|lib[\\/]|i18n[\\/]|forms[\\/]|auth[\\/](?!pocketbase\.ts|auth-fixtures\.ts)|enhance[\\/]session-cookie\.ts|widgets[\\/](app-shell|error-page)[\\/]|widgets[\\/]auth[\\/](account-menu|auth-link-button|auth-fields|log-in-button|password-sign-in-form|auth-card|new-password-fields|use-countdown)\.tsx?$|ui[\\/](button|badge|skeleton|sheet|overlay|icons|field|input|label|password-input|card|spinner|separator|toggle-control)\.tsx?$|routes[\\/]account[\\/]account-meta\.ts)/,
  },
];

export default defineConfig({
  // `ANALYZE=1 npm run build` keeps source maps for `npm run bundle:report`.
  build: { sourcemap: process.env.ANALYZE ? "hidden" : false },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
  },
  plugins: [tailwindcss(), lingui({ macroTransform: true }), reactRouter(), emitEnhanceModules()],
  server: {
    proxy: {
      // `npm run dev`: the API comes from the embedded server (`npm run serve`) on its port.
      "/api": `http://127.0.0.1:${process.env.PORT ?? 8090}`,
    },
  },
});
