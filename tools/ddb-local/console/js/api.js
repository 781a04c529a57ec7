// Talking to ddb-local: the DynamoDB JSON protocol itself (POST / with X-Amz-Target) and the
// admin endpoints (/_ddblocal/...). DynamoDB requests carry a real SigV4 signature (sigv4.js)
// made with the caller's access key id, secret access key and region, so that the console works
// when ddb-local verifies signatures (--credentials-file); without that flag ddb-local reads
// only the caller's namespace (access key id and region) from the header. Admin requests are
// signed the same way (ddb-local verifies a caller they name: the snapshot endpoints check its
// policy); a page that cannot sign sends the unsigned form, which only an unverifying ddb-local
// accepts.
import { amzDate, canSign, sign } from "./sigv4.js";

const stored = (name, fallback) => localStorage.getItem(`ddblocal.${name}`) || fallback;

export const caller = {
  key: stored("key", "console"),
  region: stored("region", "us-east-1"),
  // The secret stays in this tab's sessionStorage only (gone when the tab closes).
  secret: sessionStorage.getItem("ddblocal.secret") || "",
  save(key, region, secret) {
    this.key = key || "console";
    this.region = region || "us-east-1";
    this.secret = secret || "";
    localStorage.setItem("ddblocal.key", this.key);
    localStorage.setItem("ddblocal.region", this.region);
    sessionStorage.setItem("ddblocal.secret", this.secret);
  },
};

// The unsigned form: enough for ddb-local without --credentials-file.
function authorization() {
  const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  return `AWS4-HMAC-SHA256 Credential=${caller.key}/${day}/${caller.region}/dynamodb/aws4_request, ` +
    "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0";
}

// The headers of a DynamoDB request, signed when this page can (secure context).
async function signedHeaders(target, body) {
  const headers = {
    "Content-Type": "application/x-amz-json-1.0",
    "X-Amz-Target": target,
    "X-Amz-Date": amzDate(new Date()),
  };
  if (!canSign()) return { ...headers, Authorization: authorization() };
  const signature = await sign({
    method: "POST",
    headers: [...Object.entries(headers), ["Host", location.host]],
    body,
    accessKeyId: caller.key,
    secretAccessKey: caller.secret,
    region: caller.region,
  });
  return { ...headers, Authorization: signature.authorization };
}

// The headers of an admin request on `target` ("/_ddblocal/capacity?table=T"), signed when
// this page can.
async function adminHeaders(method, target) {
  if (!canSign()) return { Authorization: authorization() };
  const date = amzDate(new Date());
  const q = target.indexOf("?");
  const signature = await sign({
    method,
    path: q < 0 ? target : target.slice(0, q),
    query: q < 0 ? "" : target.slice(q + 1),
    headers: [["X-Amz-Date", date], ["Host", location.host]],
    accessKeyId: caller.key,
    secretAccessKey: caller.secret,
    region: caller.region,
  });
  return { "X-Amz-Date": date, Authorization: signature.authorization };
}

export class DynamoError extends Error {
  constructor(type, message, status) {
    super(`${type.split("#").pop()}: ${message || "(no message)"}`);
    this.type = type;
    this.status = status;
  }
}

async function call(target, body) {
  const text = JSON.stringify(body);
  const response = await fetch("/", {
    method: "POST",
    headers: await signedHeaders(target, text),
    body: text,
  });
  const answer = await response.text();
  const json = answer ? JSON.parse(answer) : {};
  if (!response.ok) throw new DynamoError(json.__type || "Error", json.message || json.Message, response.status);
  return json;
}

// One DynamoDB operation: `operation` is "PutItem", "Query"...; resolves to the response body.
export const ddb = (operation, body) => call(`DynamoDB_20120810.${operation}`, body);
// One DynamoDB Streams operation ("DescribeStream", "GetRecords"...), the Streams service's
// target prefix on the same endpoint.
export const streams = (operation, body) => call(`DynamoDBStreams_20120810.${operation}`, body);

// An admin endpoint: `path` below /_ddblocal/ ("capacity?table=T").
export async function admin(path, method = "GET") {
  const target = `/_ddblocal/${path}`;
  const response = await fetch(target, { method, headers: await adminHeaders(method, target) });
  const json = await response.json();
  if (!response.ok) throw new DynamoError(json.__type || "Error", json.message, response.status);
  return json;
}

export async function listTables() {
  const names = [];
  let start;
  do {
    const page = await ddb("ListTables", start ? { ExclusiveStartTableName: start } : {});
    names.push(...page.TableNames);
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}
