/**
 * The inline script of app pages (pages that hydrate), run in `<head>` before the first paint:
 * - a form sent before the app is ready (Enter pressed on a slow phone while the scripts still
 *   load) is held, never sent by the browser itself, and its submit button shows that it is getting
 *   ready. Once the form has hydrated, its hook sends it with what was typed (`useForm` in
 *   src/forms/use-form.ts). Forms marked `data-hydrated` are React's from then on. Only
 *   `method="post"` forms are held: the forms of that hook, whose passwords must never reach a URL
 *   (with scripts off the browser posts them to the page, which the server answers with a redirect
 *   back to it, see server/site/serve.ts);
 * - a page opened from an emailed link (`?token=`) is marked `<html data-link-token>`: its
 *   prerendered HTML, which cannot know the query, shows what the link does (e.g. "Confirming…")
 *   rather than the page without a link, until the app reads the token.
 */
function appPageScript() {
  if (/[?&]token=/.test(location.search)) document.documentElement.dataset.linkToken = "";
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method !== "post") return;
      if (form.hasAttribute("data-hydrated")) return;
      event.preventDefault();
      form.setAttribute("data-held-submit", "");
      (event.submitter ?? form.querySelector('[type="submit"]'))?.setAttribute("aria-busy", "true");
    },
    true,
  );
}

/** The script as inline `<script>` text; the server allows it by its hash. */
export function appPageScriptSource(): string {
  return `(${appPageScript})();`;
}
