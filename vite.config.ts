import { reactRouter } from "@react-router/dev/vite";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), lingui({ macroTransform: true }), reactRouter()],
  server: {
    proxy: {
      // `npm run dev`: the API comes from the embedded server (`npm run serve`) on its port.
      "/api": `http://127.0.0.1:${process.env.PORT ?? 8090}`,
    },
  },
});
