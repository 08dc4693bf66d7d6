// Which webhook URLs alert rules may send to. A rule's URL is chosen by
// whoever can PUT rules, and the server then POSTs from inside the network
// and logs whether each attempt connected: without a check, a rule aimed at
// 169.254.169.254 (cloud metadata), a database on 10.x or [::1]:22 turns
// the delivery log into a probe of the internal network. So targets whose
// address is loopback, link-local, private, unique-local, unspecified,
// multicast or carrier-grade NAT (in any IPv4-mapped form) are refused,
// both when the rule is saved (a 400) and before every attempt, since a
// name's DNS answer can change after the rule was accepted.
// ANOMALY_WEBHOOK_ALLOW names the exceptions: host names, addresses or CIDRs.
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { listVariable } from "../config/environment";

export const WEBHOOK_ALLOW_ENV = "ANOMALY_WEBHOOK_ALLOW";

/** Ranges refused unless allowed, with the words an error names them by. */
const REFUSED: readonly [string, number, "ipv4" | "ipv6", string][] = [
  ["0.0.0.0", 8, "ipv4", "unspecified"],
  ["10.0.0.0", 8, "ipv4", "private"],
  ["100.64.0.0", 10, "ipv4", "carrier-grade NAT"],
  ["127.0.0.0", 8, "ipv4", "loopback"],
  ["169.254.0.0", 16, "ipv4", "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "ipv4", "private"],
  ["192.0.0.0", 24, "ipv4", "IETF protocol assignments"],
  ["192.168.0.0", 16, "ipv4", "private"],
  ["198.18.0.0", 15, "ipv4", "benchmarking"],
  ["224.0.0.0", 3, "ipv4", "multicast or reserved"],
  ["::", 128, "ipv6", "unspecified"],
  ["::1", 128, "ipv6", "loopback"],
  ["fe80::", 10, "ipv6", "link-local"],
  ["fc00::", 7, "ipv6", "unique-local (private)"],
  ["ff00::", 8, "ipv6", "multicast"],
  ["64:ff9b::", 96, "ipv6", "NAT64 (maps IPv4)"],
];

/** Which refused range holds the address, in words; null when none does. */
function refusedRange(): (address: string, family: "ipv4" | "ipv6") => string | null {
  const single: [BlockList, string][] = REFUSED.map(([net, prefix, family, words]) => {
    const one = new BlockList();
    one.addSubnet(net, prefix, family);
    return [one, `${words} range ${net}/${prefix}`];
  });
  return (address, family) => single.find(([one]) => one.check(address, family))?.[1] ?? null;
}

const inRefusedRange = refusedRange();

/**
 * The IPv4 address inside an IPv6 one that carries it (::ffff:a.b.c.d in
 * either notation, the deprecated ::a.b.c.d), else the address as given.
 */
export function unwrapMapped(address: string): { address: string; family: "ipv4" | "ipv6" } {
  if (isIP(address) === 4) return { address, family: "ipv4" };
  const lower = address.toLowerCase();
  const dotted = /^::(?:ffff(?::0{1,4})?:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted !== null && isIP(dotted[1]) === 4) return { address: dotted[1], family: "ipv4" };
  const hex = /^::ffff(?::0{1,4})?:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex !== null) {
    const hi = Number.parseInt(hex[1], 16);
    const lo = Number.parseInt(hex[2], 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: "ipv4" };
  }
  return { address: lower, family: "ipv6" };
}

export interface WebhookPolicy {
  /** Host names allowed whatever they resolve to (lower case). */
  hosts: Set<string>;
  /** Addresses and ranges allowed. */
  addresses: BlockList;
}

/** The allow-list from its entries (`hooks.internal`, `10.1.2.3`, `127.0.0.1/32`, `fd00::/8`); throws naming a bad one. */
export function webhookPolicy(entries: readonly string[]): WebhookPolicy {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, "$1");
    const slash = entry.indexOf("/");
    const ip = slash < 0 ? entry : entry.slice(0, slash);
    const family = isIP(ip);
    if (family === 0) {
      if (slash >= 0 || !/^[a-z0-9.-]+$/.test(entry)) throw badEntry(raw, "is neither a host name nor an address");
      hosts.add(entry);
      continue;
    }
    const max = family === 4 ? 32 : 128;
    const prefix = slash < 0 ? max : Number(entry.slice(slash + 1));
    if (
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max ||
      (slash >= 0 && !/^\d+$/.test(entry.slice(slash + 1)))
    )
      throw badEntry(raw, `has a prefix length outside 0-${max}`);
    addresses.addSubnet(ip, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return { hosts, addresses };
}

function badEntry(raw: string, why: string): Error {
  return new Error(
    `${WEBHOOK_ALLOW_ENV} must be host names, addresses or CIDRs (e.g. 127.0.0.1/32), got ${JSON.stringify(raw)}, which ${why}`,
  );
}

export function webhookPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookPolicy {
  return webhookPolicy(listVariable(env, WEBHOOK_ALLOW_ENV) ?? []);
}

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Null when the URL may be sent to, else a sentence saying why not: every
 * address its host resolves to must be outside the refused ranges or
 * inside the allow-list (one internal answer among public ones is enough
 * to refuse, since the connection may pick it).
 */
export async function checkWebhookTarget(
  url: string,
  policy: WebhookPolicy,
  resolve: Resolve = systemResolve,
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${JSON.stringify(url)} is not a URL`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return `${url} is not an http(s) URL`;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (policy.hosts.has(host)) return null;
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch (e) {
      return `host ${host} does not resolve (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
    }
    if (addresses.length === 0) return `host ${host} does not resolve`;
  }
  for (const raw of addresses) {
    const why = addressRefusal(raw, policy);
    if (why === null) continue;
    const via = raw === host ? "" : ` (${host} resolves to ${raw})`;
    return `webhook target ${url} is in the ${why}${via}; internal addresses are refused so alert rules cannot reach the server's own network: add the host or a CIDR to ${WEBHOOK_ALLOW_ENV} to allow it`;
  }
  return null;
}

/** The refused range holding an address the allow-list does not name, in words; null when it may be reached. */
function addressRefusal(raw: string, policy: WebhookPolicy): string | null {
  const { address, family } = unwrapMapped(raw);
  if (policy.addresses.check(address, family)) return null;
  return inRefusedRange(address, family);
}

/** The error code of a connection refused by guardedLookup. */
export const REFUSED_TARGET = "EWEBHOOKREFUSED";

/**
 * A DNS lookup for the delivery's own connection that refuses internal
 * addresses: checking the name before the request is not enough, since a
 * name with a short TTL can answer a public address to the check and an
 * internal one to the connection (DNS rebinding). With this the socket
 * only ever connects to an address that passed. (An address written in the
 * URL is not looked up at all; checkWebhookTarget covers those.)
 */
export function guardedLookup(policy: WebhookPolicy, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const host = hostname.toLowerCase();
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = all.filter((a) => family === 0 || a.family === family);
        const refused = policy.hosts.has(host)
          ? undefined
          : usable.find((a) => addressRefusal(a.address, policy) !== null);
        if (refused !== undefined) {
          const error: NodeJS.ErrnoException = new Error(
            `${hostname} resolved to ${refused.address} at connection time, in the ${addressRefusal(refused.address, policy)}`,
          );
          error.code = REFUSED_TARGET;
          return callback(error, "", 0);
        }
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} does not resolve`);
          error.code = "ENOTFOUND";
          return callback(error, "", 0);
        }
        if (options.all)
          callback(
            null,
            usable.map((a) => ({ address: a.address, family: a.family })),
          );
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}
