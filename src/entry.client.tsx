import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { activateLocale } from "./i18n/catalog.ts";
import { isLocale } from "./i18n/locales.ts";

// The prerendered HTML says which language it is in; load that catalog before hydrating so the
// first client render matches the server's text (no flash of the other language).
const lang = document.documentElement.lang;

activateLocale(isLocale(lang) ? lang : "en")
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  })
  .catch((error: unknown) => console.error("Error while mounting app", error));
