import { Outlet } from "react-router";
import { AppShell } from "../widgets/app-shell/app-shell.tsx";

export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
