import { Outlet } from "react-router";
import { useScripts } from "../lib/use-scripts.ts";
import { AppShell } from "../widgets/app-shell/app-shell.tsx";

/**
 * Without scripts the phone menu (a sheet) cannot open: such pages show the header as it is from
 * the `sm` breakpoint up instead (the main links and the language switcher as plain links in the
 * header, no menu button), so every link still works on a phone.
 */
const withoutScripts =
  "[&_header_nav]:block [&_[data-slot=language-switcher]]:flex [&_header_[aria-haspopup=dialog]]:hidden";

export default function DefaultLayout() {
  const scripts = useScripts();
  return (
    <div data-scripts={scripts ? undefined : "false"} className={scripts ? undefined : withoutScripts}>
      <AppShell>
        <Outlet />
      </AppShell>
    </div>
  );
}
