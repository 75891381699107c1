// The header menu's behaviour on pages without the app: the page script imports this module, built
// at a fixed path (vite.config.ts), when a stored session shows the menu.
export { enhanceMenu } from "../ui/menu-behaviour.ts";
