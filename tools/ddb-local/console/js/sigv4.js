// AWS Signature Version 4 (AWS4-HMAC-SHA256) for the console's requests, with the browser's
// own WebCrypto (SubtleCrypto: SHA-256 and HMAC) — nothing fetched, no library. The same
// algorithm as the C++ signer (emulator/src/http_client/transport/sigv4_signer.h), reduced to what the console
// sends: DynamoDB requests on "/", and admin requests on a /_ddblocal/ path with a query string.
// Checked against AWS's published test suite (tests/clients/js/console_sigv4.test.mjs).
//
// SubtleCrypto exists only in a secure context (https, or http on localhost / 127.0.0.1):
// `canSign()` says whether this page can sign.

const encoder = new TextEncoder();

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

export function canSign() {
  return Boolean(globalThis.crypto && globalThis.crypto.subtle);
}

export async function sha256Hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

async function hmac(key, text) {
  const k = await crypto.subtle.importKey("raw", typeof key === "string" ? encoder.encode(key) : key,
    { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", k, encoder.encode(text));
}

// "20150830T123600Z" for a Date.
export function amzDate(date) {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

// The canonical form of the headers: names in lower case and sorted, values trimmed with runs
// of blanks collapsed, repeated names' values joined with ",".
function canonicalHeaders(headers) {
  const byName = new Map();
  for (const [name, value] of headers) {
    const n = name.toLowerCase();
    const v = String(value).trim().replace(/\s+/g, " ");
    byName.set(n, byName.has(n) ? `${byName.get(n)},${v}` : v);
  }
  const names = [...byName.keys()].sort();
  return { text: names.map((n) => `${n}:${byName.get(n)}\n`).join(""), signed: names.join(";") };
}

// RFC 3986's unreserved characters stay; every other byte is %XX in upper case (what
// encodeURIComponent leaves of !'()* included), as SigV4 encodes.
function uriEncode(text, keepSlash) {
  return [...encoder.encode(text)].map((b) => {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === "/")) return c;
    return `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

// The canonical query: each name and value decoded from the query as it is sent, encoded
// again, sorted by name then value (a name without "=" has an empty value).
function canonicalQuery(query) {
  const pairs = query.split("&").filter((p) => p !== "").map((p) => {
    const eq = p.indexOf("=");
    const [name, value] = eq < 0 ? [p, ""] : [p.slice(0, eq), p.slice(eq + 1)];
    return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))];
  });
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([n, v]) => `${n}=${v}`).join("&");
}

// Signs `method` on `path` (as sent: "/" or "/_ddblocal/snapshot") with `query` (as sent, without
// "?") and `headers` ([name, value] pairs, X-Amz-Date among them, Host too: the browser sends
// the page's host) and `body`. Resolves to
// { canonicalRequest, stringToSign, signature, authorization }.
export async function sign({ method = "POST", path = "/", query = "", headers, body = "",
  accessKeyId, secretAccessKey, region, service = "dynamodb" }) {
  const date = headers.find(([n]) => n.toLowerCase() === "x-amz-date")[1];
  const day = date.slice(0, 8);
  const { text, signed } = canonicalHeaders(headers);
  const canonicalRequest = [method, uriEncode(path, true), canonicalQuery(query), text, signed,
    await sha256Hex(body)].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, await sha256Hex(canonicalRequest)].join("\n");
  let key = await hmac(`AWS4${secretAccessKey}`, day);
  key = await hmac(key, region);
  key = await hmac(key, service);
  key = await hmac(key, "aws4_request");
  const signature = hex(await hmac(key, stringToSign));
  const authorization = `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, ` +
    `SignedHeaders=${signed}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, authorization };
}
