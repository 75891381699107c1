/**
 * The yardstick of `npm run bench:api`: a bare `node:http` server that answers `/api/health` with
 * PocketBase's body and any other path with the page bytes it was given (file and encoding as
 * arguments), doing nothing else. It prints its address, like server/main.ts.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [pageFile, pageEncoding] = process.argv.slice(2);
const page = readFileSync(pageFile!);
const health = Buffer.from(JSON.stringify({ message: "API is healthy.", code: 200, data: {} }));

const server = createServer((req, res) => {
  if (req.url === "/api/health") {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": health.length });
    res.end(health);
    return;
  }
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": page.length,
    ...(pageEncoding && pageEncoding !== "identity" ? { "Content-Encoding": pageEncoding } : {}),
  });
  res.end(page);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`Serving on http://localhost:${address.port}`);
});
