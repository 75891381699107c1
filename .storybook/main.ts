import type { StorybookConfig } from "@storybook/react-vite";
import react from "@vitejs/plugin-react";
import remarkGfm from "remark-gfm";

const config: StorybookConfig = {
  // The emails the server sends are stories too (server/mail/*.stories.tsx, "Emails/…").
  stories: [
    "./docs/*.mdx",
    "./docs/*.stories.tsx",
    "../src/**/*.stories.@(ts|tsx)",
    "../server/mail/*.stories.tsx",
  ],
  addons: [
    // GitHub-flavoured Markdown in the docs pages: tables, task lists, strikethrough.
    {
      name: "@storybook/addon-docs",
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
    "@storybook/addon-a11y",
    "@storybook/addon-vitest",
  ],
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
