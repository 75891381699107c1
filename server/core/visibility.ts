// Secrets an auth collection keeps on its records beyond PocketBase's `hidden` fields (which hide a
// value from its owner too). Reading, filtering and sorting follow the same answer.

const ownerOnlyFields: Record<string, readonly string[]> = {
  // The user's own Stremio password: shown on their account page, never to an `admin` user.
  users: ["stremio_password"],
};

/** Whether only the record itself (signed in) and superusers may read, filter or sort on `field`. */
export function isOwnerOnlyField(collection: { name: string; type: string }, field: string): boolean {
  return collection.type === "auth" && (ownerOnlyFields[collection.name]?.includes(field) ?? false);
}
