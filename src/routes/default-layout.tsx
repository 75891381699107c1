import { Outlet } from "react-router";
import { AppShell } from "../widgets/app-shell/app-shell.tsx";

/** The default layout: the site's shell around the page. */
export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
