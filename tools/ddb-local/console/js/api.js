// Talking to ddb-local: the DynamoDB JSON protocol itself (POST / with X-Amz-Target) and the
// admin endpoints (/_ddblocal/...). The Authorization header only names the caller's namespace
// (access key id and region): ddb-local checks its shape, not a signature, unless it was
// started with --credentials-file (then the console cannot sign and says so).

const stored = (name, fallback) => localStorage.getItem(`ddblocal.${name}`) || fallback;

export const caller = {
  key: stored("key", "console"),
  region: stored("region", "us-east-1"),
  save(key, region) {
    this.key = key || "console";
    this.region = region || "us-east-1";
    localStorage.setItem("ddblocal.key", this.key);
    localStorage.setItem("ddblocal.region", this.region);
  },
};

function authorization() {
  const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  return `AWS4-HMAC-SHA256 Credential=${caller.key}/${day}/${caller.region}/dynamodb/aws4_request, ` +
    "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0";
}

export class DynamoError extends Error {
  constructor(type, message, status) {
    super(`${type.split("#").pop()}: ${message || "(no message)"}`);
    this.type = type;
    this.status = status;
  }
}

// One DynamoDB operation: `operation` is "PutItem", "Query"...; resolves to the response body.
export async function ddb(operation, body) {
  const response = await fetch("/", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-amz-json-1.0",
      "X-Amz-Target": `DynamoDB_20120810.${operation}`,
      Authorization: authorization(),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : {};
  if (!response.ok) throw new DynamoError(json.__type || "Error", json.message || json.Message, response.status);
  return json;
}

// An admin endpoint: `path` below /_ddblocal/ ("capacity?table=T").
export async function admin(path, method = "GET") {
  const response = await fetch(`/_ddblocal/${path}`, {
    method,
    headers: { Authorization: authorization() },
  });
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
