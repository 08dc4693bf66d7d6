// The absolute origin download URLs are built on, so a URL in a build result
// works from outside: PUBLIC_URL when the operator set it, else what the
// request says about itself (X-Forwarded-Proto / X-Forwarded-Host from a
// proxy in front, then Host, then the URL the server saw).

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** e.g. "https://play.example.org"; never ends with a slash. */
export function publicBaseUrl(request: Request, configured: string | null): string {
  if (configured) return configured;
  const seen = new URL(request.url);
  const first = (value: string | null) => value?.split(",")[0].trim() || null;
  const proto = first(request.headers.get("x-forwarded-proto"));
  // Header values are the client's to choose: anything that is not a plain
  // scheme or host is ignored rather than echoed into a URL.
  const valid = (host: string | null) => (host && HOST_PATTERN.test(host) ? host : null);
  const scheme = proto === "http" || proto === "https" ? proto : seen.protocol.slice(0, -1);
  const authority =
    valid(first(request.headers.get("x-forwarded-host"))) ?? valid(request.headers.get("host")) ?? seen.host;
  return `${scheme}://${authority}`;
}
