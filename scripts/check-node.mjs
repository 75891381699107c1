// Runs before `npm start`, `serve`, `test`, `dev`, `storybook` and `superuser` with whatever `node` is first on PATH, so it
// stays plain JavaScript that old Node versions can run: one clear line instead of a loader error.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Lumen needs Node 24 or later (this is Node ${process.versions.node}); get it with: ` +
      "npm install --prefix ~/.cache/node24 node@24 && export PATH=~/.cache/node24/node_modules/.bin:$PATH",
  );
  process.exit(1);
}
