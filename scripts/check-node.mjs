// Runs before `npm start`, `serve`, `test`, `dev`, `storybook` and `superuser` with whatever `node` is first on PATH, so it
// stays plain JavaScript that old Node versions can run: one clear line instead of a loader error.
// After `npm ci`, that `node` is the Node 24 of node_modules/.bin (the devDependency `node`), which
// npm puts first on PATH for every script; this line is for a checkout without it: before `npm ci`,
// or installed with `--omit=dev`.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Lumen needs Node 24 or later (this is Node ${process.versions.node}): run \`npm ci\` first, ` +
      "which installs Node 24 for the npm scripts (the devDependency node); " +
      "without the development dependencies, install it with: npm install -g node@24",
  );
  process.exit(1);
}
