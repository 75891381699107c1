// The part of negotiator 1.x this server uses (its @types package describes 0.6, without `preferred`).
declare module "negotiator" {
  type Request = { headers: Record<string, string | string[] | undefined> };
  export default class Negotiator {
    constructor(request: Request);
    /** The available encodings the request accepts, best first; ties go to `preferred`'s order. */
    encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
