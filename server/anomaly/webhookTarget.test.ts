// Webhook targets inside the server's own network are refused: every
// internal range, written as an address, as an IPv4-mapped IPv6 address and
// behind a name that resolves to it (real `localhost`), when a rule is saved
// over real HTTP (a 400 naming the rule, rules unchanged) and again before
// a delivery, unless ANOMALY_WEBHOOK_ALLOW names the target.
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { completeRules } from "../../anomaly";
import { FileStore } from "../../anomaly/node";
import { MemoryAlertStore } from "./alertStore";
import { AlertCenter } from "./alerts";
import { startAnomalyServer } from "./serve";
import { postJson } from "./testing";
import { postWebhook } from "./webhookPost";
import { checkWebhookTarget, guardedLookup, REFUSED_TARGET, unwrapMapped, webhookPolicy } from "./webhookTarget";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const none = webhookPolicy([]);

const REFUSED = [
  ["http://127.0.0.1/", "loopback"],
  ["http://127.8.9.10:8080/", "loopback"],
  ["http://[::1]:22/", "loopback"],
  ["http://169.254.169.254/latest/meta-data/", "link-local"],
  ["http://[fe80::1]/", "link-local"],
  ["http://10.0.0.5/", "private"],
  ["http://172.16.0.1/", "private"],
  ["http://172.31.255.255/", "private"],
  ["http://192.168.1.1/", "private"],
  ["http://[fc00::1]/", "unique-local"],
  ["http://[fd00:ec2::254]/", "unique-local"],
  ["http://0.0.0.0/", "unspecified"],
  ["http://[::]/", "unspecified"],
  ["http://[::ffff:127.0.0.1]/", "loopback"],
  ["http://[::ffff:a9fe:a9fe]/", "link-local"],
  ["http://[::ffff:0:10.1.2.3]/", "private"],
  ["http://100.100.100.200/", "carrier-grade NAT"],
  ["http://224.0.0.1/", "multicast"],
  // Host spellings the URL parser turns into loopback.
  ["http://2130706433/", "loopback"],
  ["http://0x7f.1/", "loopback"],
] as const;

describe("webhook targets", () => {
  it.each(REFUSED)("refuses %s (%s)", async (url, range) => {
    const why = await checkWebhookTarget(url, none);
    expect(why).toContain(range);
    expect(why).toContain("ANOMALY_WEBHOOK_ALLOW");
  });

  it("refuses a name that resolves to loopback, and one internal answer among public ones", async () => {
    expect(await checkWebhookTarget("http://localhost:9/", none)).toMatch(/loopback.*localhost resolves to/);
    const mixed = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.9.8.7", family: 4 },
    ];
    expect(await checkWebhookTarget("https://hooks.example.com/x", none, mixed)).toMatch(/private.*10\.9\.8\.7/);
  });

  it("accepts public addresses and what the allow-list names", async () => {
    expect(await checkWebhookTarget("https://93.184.216.34/hook", none)).toBeNull();
    expect(await checkWebhookTarget("http://[2606:4700::1111]/", none)).toBeNull();
    const allow = webhookPolicy(["127.0.0.1/32", "hooks.internal", "fd00::/8"]);
    expect(await checkWebhookTarget("http://127.0.0.1:8080/", allow)).toBeNull();
    expect(await checkWebhookTarget("http://[::ffff:127.0.0.1]/", allow)).toBeNull();
    expect(await checkWebhookTarget("http://HOOKS.internal/", allow)).toBeNull();
    expect(await checkWebhookTarget("http://[fd12::1]/", allow)).toBeNull();
    // Only what is named: the next address over is still refused.
    expect(await checkWebhookTarget("http://127.0.0.2/", allow)).toContain("loopback");
  });

  it("names a malformed allow-list entry", () => {
    expect(() => webhookPolicy(["10.0.0.0/33"])).toThrow(
      'ANOMALY_WEBHOOK_ALLOW must be host names, addresses or CIDRs (e.g. 127.0.0.1/32), got "10.0.0.0/33", which has a prefix length outside 0-32',
    );
    expect(() => webhookPolicy(["bad host!"])).toThrow(/got "bad host!", which is neither a host name nor an address/);
  });

  it("unwraps IPv4-mapped addresses in both notations", () => {
    expect(unwrapMapped("::ffff:7f00:1")).toEqual({ address: "127.0.0.1", family: "ipv4" });
    expect(unwrapMapped("::ffff:10.0.0.1")).toEqual({ address: "10.0.0.1", family: "ipv4" });
    expect(unwrapMapped("2001:db8::1")).toEqual({ address: "2001:db8::1", family: "ipv6" });
  });

  it("refuses an internal target with a 400 when a rule is saved, and changes nothing", async () => {
    const dir = await mkdtemp(join(tmpdir(), "anomaly-ssrf-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const handle = await startAnomalyServer({ port: 0, store: new FileStore(dir, { durable: false }), log: () => {} });
    cleanups.push(() => handle.close());
    await fetch(`${handle.url}/detect/m`, postJson({ value: 1 }));
    const put = (url: string) =>
      fetch(`${handle.url}/api/dynamic/m/alerts`, {
        ...postJson({ rules: [{ id: "probe", url }] }, "PUT"),
      });
    for (const url of ["http://169.254.169.254/", "http://[::1]:22/", "http://localhost:6379/"]) {
      const res = await put(url);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^rule probe: webhook target .* ANOMALY_WEBHOOK_ALLOW/);
    }
    const rules = await (await fetch(`${handle.url}/api/dynamic/m/alerts`)).json();
    expect(rules.rules).toEqual([]);
  });

  it("checks the address the connection itself resolves (DNS rebinding), on a real socket", async () => {
    let arrivals = 0;
    const receiver = createServer((req, res) => {
      arrivals++;
      req.resume();
      res.end("ok");
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    cleanups.push(async () => {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    });
    const port = (receiver.address() as AddressInfo).port;
    // A name that answered a public address to the rule check now answers loopback.
    let answer = "93.184.216.34";
    const rebinding = async () => [{ address: answer, family: 4 }];
    expect(await checkWebhookTarget(`http://rebind.example:${port}/`, none, rebinding)).toBeNull();
    answer = "127.0.0.1";
    const post = (policy: ReturnType<typeof webhookPolicy>) =>
      postWebhook(
        `http://rebind.example:${port}/`,
        "{}",
        new AbortController().signal,
        "d-1",
        guardedLookup(policy, rebinding),
      );
    await expect(post(none)).rejects.toMatchObject({
      code: REFUSED_TARGET,
      message: /127\.0\.0\.1 at connection time/,
    });
    expect(arrivals).toBe(0);
    // Allowed, the same connection goes to the address the lookup gave.
    expect(await post(webhookPolicy(["127.0.0.1/32"]))).toBe(200);
    expect(arrivals).toBe(1);
    // The system resolver's localhost too.
    await expect(
      postWebhook(`http://localhost:${port}/`, "{}", new AbortController().signal, "d-2", guardedLookup(none)),
    ).rejects.toMatchObject({ code: REFUSED_TARGET });
    expect(arrivals).toBe(1);
  });

  it("checks again before each delivery: a target refused then is logged and not retried", async () => {
    let allowed = true;
    const center = new AlertCenter(new MemoryAlertStore(), {
      log: () => {},
      checkTarget: async () => (allowed ? null : "now resolves to 10.0.0.1"),
    });
    await center.setRules("m", completeRules([{ id: "r", url: "http://hooks.example.invalid/" }]));
    // The name's DNS answer changes after the rule was accepted.
    allowed = false;
    center.observe("m", 200, { anomaly: true, score: 1, data_points: 60, data_point: { timestamp: 1 } });
    await center.close(60_000);
    const log = await center.deliveryLog("m", 10);
    expect(log).toEqual([
      expect.objectContaining({ attempt: 1, ok: false, final: true, error: "refused: now resolves to 10.0.0.1" }),
    ]);
    expect(center.stats().attempts.refused).toBe(1);
  });
});
