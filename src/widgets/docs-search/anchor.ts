/** The id of the docs pages' search box, for links that lead straight to it (`/fr/docs#docs-search`). */
export const docsSearchId = "docs-search";
