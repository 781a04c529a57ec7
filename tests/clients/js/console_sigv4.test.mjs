// The console's SigV4 signer (tools/ddb-local/console/js/sigv4.js) against AWS's published
// Signature Version 4 test suite (the copy the C++ signer's tests use), in Node's WebCrypto —
// the same SubtleCrypto API the browser gives the console. Every case but the six of path
// normalisation ("/./", "//", "/example/.."), which no console path needs.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { amzDate, sign } from "../../../tools/ddb-local/console/js/sigv4.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const suite = JSON.parse(fs.readFileSync(
  path.join(here, "../../unit/client/testdata/sigv4_test_suite.json"), "utf8"));

// "POST / HTTP/1.1\nHost:...\n\nbody" -> method, target, headers, body. A header line that
// starts with blanks continues the previous value (joined with ","), as the C++ test reads it.
function parseRaw(raw) {
  const [head, ...rest] = raw.split("\n\n");
  const [requestLine, ...headerLines] = head.split("\n");
  // The target runs to the protocol: it may hold a space ("GET /example space/ HTTP/1.1").
  const method = requestLine.slice(0, requestLine.indexOf(" "));
  const target = requestLine.slice(method.length + 1, requestLine.lastIndexOf(" HTTP/"));
  const headers = [];
  for (const line of headerLines) {
    if (/^[ \t]/.test(line)) {
      headers[headers.length - 1][1] += `,${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(":");
    headers.push([line.slice(0, colon), line.slice(colon + 1)]);
  }
  return { method, target, headers, body: rest.join("\n\n") };
}

test("sigv4.js signs as AWS's Signature Version 4 test suite says", async () => {
  let checked = 0;
  for (const c of suite.cases) {
    const raw = parseRaw(c.req);
    if (/\/\.|\/\//.test(raw.target)) continue;  // path normalisation: not a console path
    const q = raw.target.indexOf("?");
    const s = await sign({
      method: raw.method, headers: raw.headers, body: raw.body,
      path: q < 0 ? raw.target : raw.target.slice(0, q), query: q < 0 ? "" : raw.target.slice(q + 1),
      accessKeyId: suite.access_key_id, secretAccessKey: suite.secret_access_key,
      region: suite.region, service: suite.service,
    });
    assert.equal(s.canonicalRequest, c.creq, c.name);
    assert.equal(s.authorization, c.authz, c.name);
    ++checked;
  }
  // 24 cases: vanilla GET and POST, header case, order, trimming, duplicates, folded lines, form
  // bodies, STS tokens, unreserved and UTF-8 paths, a space, query order, unreserved and UTF-8
  // query names (the admin requests' /_ddblocal/ paths and query strings).
  assert.equal(checked, 24);
});

test("amzDate is X-Amz-Date's basic ISO-8601 form", () => {
  assert.equal(amzDate(new Date(Date.UTC(2015, 7, 30, 12, 36, 0, 123))), "20150830T123600Z");
});
