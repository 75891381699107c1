import { inflateSync } from "node:zlib";
import type PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "./testing/outbox.ts";
import { rejection, verifiedSignUp } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";

// Manual mode's receipts against the real server over a real port: each payment the operator
// records issues the next number of one unbroken sequence, which its owner lists and downloads as a
// PDF in their language, and nobody else can.

const winAnsi = new TextDecoder("windows-1252");

/**
 * The text a PDF's pages write: pdf-lib writes each line in the standard fonts' encoding
 * (WinAnsi, which is Windows-1252) as a hex string, in a deflated stream.
 */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      lines.push(winAnsi.decode(Buffer.from(hex[1]!, "hex")));
    }
  }
  return lines.join("\n");
}

type ReceiptItem = { number: number; amount: number; interval: string; periodEnd: string; issued: string };

describe("receipts of payments recorded by hand", () => {
  let server: TestServer;
  let root: PocketBase;
  beforeAll(async () => {
    ({ server, root } = await startServerAsRoot({
      seller: {
        name: "Lumen SAS",
        address: "12 rue de la Paix, 75002 Paris",
        registration: "RCS Paris 912 345 678",
        vatNumber: "FR12912345678",
        vatRate: 20,
        supportEmail: "support@lumen.example",
      },
    }));
  });
  afterAll(() => server.close());

  const markPaid = (user: string, days: number, interval: "month" | "year") =>
    root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user, until: new Date(Date.now() + days * 86400_000).toISOString(), interval },
    });

  async function download(pb: PocketBase, number: number, lang = "") {
    const res = await fetch(`${server.url}/api/billing/receipts/${number}${lang ? `?lang=${lang}` : ""}`, {
      headers: { Authorization: pb.authStore.token },
    });
    return res;
  }

  it("numbers every payment in one sequence, lists them to their owner and downloads each as a PDF in their language", async () => {
    const anna = await verifiedSignUp(server, "anna@example.com", { locale: "fr", name: "Anna Lefèvre" });
    const ben = await verifiedSignUp(server, "ben@example.com");

    await markPaid(anna.id, 30, "month");
    await markPaid(ben.id, 365, "year");
    await markPaid(anna.id, 60, "month");

    const annas = await anna.pb.send<{ items: ReceiptItem[] }>("/api/billing/receipts", {});
    expect(annas.items.map((r) => [r.number, r.amount, r.interval])).toEqual([
      [3, 4.99, "month"],
      [1, 4.99, "month"],
    ]);
    // The second payment's period starts where the first ends.
    expect(annas.items[0]!).toMatchObject({ periodStart: annas.items[1]!.periodEnd });
    expect(Object.keys(annas.items[0]!).sort()).toEqual(
      [
        "amount",
        "currency",
        "email",
        "interval",
        "issued",
        "name",
        "number",
        "periodEnd",
        "periodStart",
      ].sort(),
    );
    // "Download my data" holds them too.
    const exported = await anna.pb.send<{ receipts: ReceiptItem[] }>("/api/account/export", {});
    expect(exported.receipts.map((r) => r.number)).toEqual([3, 1]);
    const bens = await ben.pb.send<{ items: ReceiptItem[] }>("/api/billing/receipts", {});
    expect(bens.items.map((r) => [r.number, r.amount])).toEqual([[2, 49.99]]);

    // The receipt email gives the number.
    await server.app.mailer.idle();
    const mails = mailsTo(server.dataDir, anna.email).filter((m) => /Paiement reçu/.test(m.subject));
    expect(mails.map((m) => /n°\s(\d+)/.exec(m.text)?.[1]).sort()).toEqual(["000001", "000003"]);

    // Anna's receipt, in French by default (her language), with the seller and the VAT in it.
    const res = await download(anna.pb, 3);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="lumen-receipt-000003.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const french = pdfText(pdf);
    expect(french).toContain("Reçu n°\u00a0000003");
    expect(french).toContain("Lumen SAS");
    expect(french).toContain("RCS Paris 912 345 678");
    expect(french).toContain("Anna Lefèvre");
    expect(french).toContain("Total TTC");
    expect(french).toContain("4,99\u00a0€");
    expect(french).toContain("4,16\u00a0€"); // before VAT
    expect(french).toContain("0,83\u00a0€"); // VAT at 20 %
    // In English when asked.
    const english = pdfText(Buffer.from(await (await download(anna.pb, 3, "en")).arrayBuffer()));
    expect(english).toContain("Receipt No. 000003");
    expect(english).toContain("Total incl. VAT");
    expect(english).toContain("€4.99");

    // Nobody else's: another user gets 404 as for a receipt that does not exist; a superuser may.
    expect((await download(ben.pb, 3)).status).toBe(404);
    expect((await download(ben.pb, 99)).status).toBe(404);
    expect((await download(ben.pb, 0)).status).toBe(404);
    expect(
      (
        await fetch(`${server.url}/api/billing/receipts/abc`, {
          headers: { Authorization: ben.pb.authStore.token },
        })
      ).status,
    ).toBe(404);
    expect((await download(root, 3)).status).toBe(200);
    const asRoot = await root.send<{ items: ReceiptItem[] }>(`/api/billing/receipts?user=${anna.id}`, {});
    expect(asRoot.items.map((r) => r.number)).toEqual([3, 1]);
    // Signed out: 401, in PocketBase's envelope.
    const anonymous = await fetch(`${server.url}/api/billing/receipts`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: 401 });
  });

  it("keeps the sequence unbroken and the receipts after an account is deleted", async () => {
    const carl = await verifiedSignUp(server, "carl@example.com");
    await markPaid(carl.id, 30, "month");
    const [first] = (await carl.pb.send<{ items: ReceiptItem[] }>("/api/billing/receipts", {})).items;
    await root.collection("users").delete(carl.id);
    expect((await download(root, first!.number)).status).toBe(200);

    const dora = await verifiedSignUp(server, "dora@example.com");
    await markPaid(dora.id, 30, "month");
    const [next] = (await dora.pb.send<{ items: ReceiptItem[] }>("/api/billing/receipts", {})).items;
    expect(next!.number).toBe(first!.number + 1);
  });

  it("writes a name the PDF's font cannot write without failing", async () => {
    const eve = await verifiedSignUp(server, "eve@example.com", { name: "Ева 🎬 Müller" });
    await markPaid(eve.id, 30, "month");
    const [receipt] = (await eve.pb.send<{ items: ReceiptItem[] }>("/api/billing/receipts", {})).items;
    const res = await download(eve.pb, receipt!.number);
    expect(res.status).toBe(200);
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain("??? ? Müller");
    expect((await rejection(eve.pb.send("/api/billing/receipts/1", {}))).status).toBe(404);
  });
});
