import { Outlet } from "react-router";
import { AppShell } from "../widgets/app-shell/app-shell.tsx";

/** The documentation layout: the shell, with the docs' sidebar and contents drawn by the docs screens. */
export default function DocsLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
