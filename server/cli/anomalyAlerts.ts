// The `anomaly alerts` and `anomaly alert-log` commands: the same rule
// files and validation as the HTTP routes, on the store folder directly.
// A server running on the same store reads rules once per model, so rules
// changed here take effect there after its restart (or set them over HTTP).

import { type AlertRuleInput, completeRules } from "../../anomaly";
import { AlertRulesRequest } from "../../protocol/anomaly/alerts";
import { type DeliveryEntry, FileAlertStore, type Silence } from "../anomaly/alertStore";
import { AlertCenter } from "../anomaly/alerts";

/** A rules document as the PUT route takes it (`{rules: [...], silences?: [...]}`), or a bare array of rules. */
export function parseRulesDocument(text: string): { rules: ReturnType<typeof completeRules>; silences: Silence[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`rules are not JSON: ${(e as Error).message}`);
  }
  const parsed = AlertRulesRequest.safeParse(Array.isArray(json) ? { rules: json } : json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid rules: ${issue?.path.join(".") || "document"}: ${issue?.message}`);
  }
  return { rules: completeRules(parsed.data.rules as AlertRuleInput[]), silences: parsed.data.silences ?? [] };
}

export async function alertRules(storeDir: string, model: string, replacement?: string) {
  const center = new AlertCenter(new FileAlertStore(storeDir));
  try {
    if (replacement === undefined) return await center.rules(model);
    const { rules, silences } = parseRulesDocument(replacement);
    return await center.setRules(model, rules, silences);
  } finally {
    await center.close();
  }
}

export function alertLog(storeDir: string, model: string, limit: number): Promise<DeliveryEntry[]> {
  return new FileAlertStore(storeDir).readLog(model, limit);
}

/** One line per attempt: time, rule, event, attempt, outcome. */
export function formatDelivery(e: DeliveryEntry): string {
  const outcome =
    e.muted !== undefined
      ? `muted: ${e.muted}`
      : e.ok
        ? `delivered (${e.status})`
        : `${e.final ? "failed" : "retrying"}: ${e.error ?? `HTTP ${e.status}`}`;
  return `${e.at}\t${e.rule}\t${e.event}\t#${e.attempt}\t${outcome}`;
}
