import type PocketBase from "pocketbase";
import { useSuperuserSession } from "../session.tsx";

/** The signed-in superuser's client (the layout renders the pages only once there is one). */
export function useSuperuserClient(): PocketBase {
  const { pb } = useSuperuserSession();
  if (!pb) throw new Error("A dashboard page rendered without its client");
  return pb;
}
