import type { StorybookConfig } from "@storybook/react-vite";
import react from "@vitejs/plugin-react";

const config: StorybookConfig = {
  stories: ["./docs/*.mdx", "./docs/*.stories.tsx", "../src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  framework: { name: "@storybook/react-vite", options: {} },
  staticDirs: ["../public"],
  core: { disableTelemetry: true },
  // The React Router plugin only works for the app build; Storybook renders components with React.
  viteFinal(viteConfig) {
    const plugins = (viteConfig.plugins ?? [])
      .flat()
      .filter((plugin) => !(plugin && "name" in plugin && plugin.name.startsWith("react-router")));
    return { ...viteConfig, plugins: [...plugins, react()] };
  },
};

export default config;
