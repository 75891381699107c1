// @lingui/react imports `use-sync-external-store/shim`, a fallback for React before 18: React 19
// has the hook, so the app bundle takes it from React (vite.config.ts aliases the shim here).
export { useSyncExternalStore } from "react";
