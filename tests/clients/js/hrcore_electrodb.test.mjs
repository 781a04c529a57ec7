// hrcore and the review's ElectroDB entities share one table (issue 10, point 3): hrcore (through
// `hrctl --endpoint` against ddb-local) writes and ElectroDB reads every access pattern, then
// ElectroDB writes (with transactions that keep the invariants) and hrctl reads every pattern and
// `hrctl check` finds no violation.
//
// Run by CTest (clients.js_hrcore) with DDB_LOCAL_BIN and HRCTL_BIN set.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";

import { DynamoDBClient } from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";
import { hrEntities } from "./hr_entities.mjs";

const TABLE = "acme-hr-test";
let server;
let client;
let hr;

// hrctl's JSON answer to one command against the test's server.
function hrctl(...args) {
  const bin = process.env.HRCTL_BIN;
  if (!bin) throw new Error("HRCTL_BIN is not set (CTest sets it to the hrctl binary)");
  const out = execFileSync(bin, ["--endpoint", server.endpoint, "--table", TABLE, "--json", ...args], {
    env: { ...process.env, AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, AWS_REGION: REGION },
    encoding: "utf8",
  });
  return JSON.parse(out);
}
const one = (...args) => hrctl(...args).items[0];
const ids = (items, key) => items.map((x) => x[key]);

// A monotonic ULID, as the review asks every *Id default to be.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
let lastTime = 0;
let lastRandom = 0n;
function ulid() {
  let now = Date.now();
  if (now <= lastTime) {
    now = lastTime;
    lastRandom += 1n;
  } else {
    lastTime = now;
    lastRandom = BigInt("0x" + randomBytes(10).toString("hex")) >> 1n;
  }
  let time = "";
  for (let i = 0, t = now; i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  let rand = "";
  for (let i = 0, r = lastRandom; i < 16; i++, r >>= 5n) rand = ALPHABET[Number(r & 31n)] + rand;
  return time + rand;
}

before(async () => {
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION, credentials: CREDENTIALS,
    maxAttempts: 3 });
  hr = hrEntities(client, TABLE);
  hrctl("init");
});

after(() => {
  client?.destroy();
  stopServer(server);
});

test("hrcore writes, ElectroDB reads every access pattern", async () => {
  const org = one("org-create", "--name", "Acme Corp", "--plan", "pro");
  const O = ["--org", org.orgId];
  const eng = one("dept-create", ...O, "--name", "Engineering");
  const ops = one("dept-create", ...O, "--name", "People Ops");
  const hire = (email, first, dept) => one("hire", ...O, "--email", email, "--first", first,
    "--last", "Example", "--dept", dept.deptId);
  const alice = hire("alice@acme.co", "Alice", eng);
  const bob = hire("bob@acme.co", "Bob", eng);
  const carol = hire("carol@acme.co", "Carol", ops);
  one("terminate", ...O, "--emp", carol.empId, "--version", "1");
  const job1 = one("job-draft", ...O, "--title", "Senior Engineer", "--dept", eng.deptId);
  one("job-open", ...O, "--job", job1.jobId);
  const job2 = one("job-draft", ...O, "--title", "HR Coordinator", "--dept", ops.deptId);
  one("job-open", ...O, "--job", job2.jobId);
  one("job-close", ...O, "--job", job2.jobId);
  const job3 = one("job-draft", ...O, "--title", "Designer");
  const app = one("apply", ...O, "--job", job1.jobId, "--emp", alice.empId);
  one("advance", ...O, "--job", job1.jobId, "--submitted-at", app.submittedAt, "--app", app.appId,
    "--to", "reviewing");

  // AP1
  const gotOrg = (await hr.Organisation.get({ orgId: org.orgId }).go()).data;
  assert.deepEqual([gotOrg.name, gotOrg.plan, gotOrg.status], ["Acme Corp", "pro", "active"]);
  // AP2
  const gotAlice = (await hr.Employee.get({ orgId: org.orgId, empId: alice.empId }).go()).data;
  assert.deepEqual([gotAlice.email, gotAlice.firstName, gotAlice.departmentId],
    ["alice@acme.co", "Alice", eng.deptId]);
  // AP3: hire order, the same list hrctl gives
  const ap3 = (await hr.Employee.query.byOrg({ orgId: org.orgId }).go()).data;
  assert.deepEqual(ids(ap3, "empId"), [alice.empId, bob.empId, carol.empId]);
  assert.deepEqual(ids(ap3, "empId"), ids(hrctl("ap", "3", ...O).items, "empId"));
  assert.equal(ap3[2].status, "inactive");
  // AP4: the terminated employee left GSI1
  assert.deepEqual(ids((await hr.Employee.query.byEmail({ email: "bob@acme.co" }).go()).data, "empId"),
    [bob.empId]);
  assert.deepEqual((await hr.Employee.query.byEmail({ email: "carol@acme.co" }).go()).data, []);
  // AP5, AP6: headcount kept by hrcore's transactions
  const ap5 = (await hr.Department.query.byOrg({ orgId: org.orgId }).go()).data;
  assert.deepEqual(ap5.map((d) => [d.deptId, d.name, d.headcount]),
    [[eng.deptId, "Engineering", 2], [ops.deptId, "People Ops", 0]]);
  assert.equal((await hr.Department.get({ orgId: org.orgId, deptId: eng.deptId }).go()).data.headcount, 2);
  // AP7
  assert.deepEqual(ids((await hr.DeptEmployee.query.byDept({ deptId: eng.deptId }).go()).data, "empId"),
    [alice.empId, bob.empId]);
  // AP8: only the open job, through the sparse index
  const ap8 = (await hr.JobPosting.query.openByOrg({ orgId: org.orgId }).go({ order: "desc" })).data;
  assert.deepEqual(ids(ap8, "jobId"), [job1.jobId]);
  assert.deepEqual(ids(ap8, "jobId"), ids(hrctl("ap", "8", ...O).items, "jobId"));
  // AP9 by jobId alone: the lookup item, then the job
  const ref = (await hr.JobRef.get({ jobId: job2.jobId }).go()).data;
  assert.equal(ref.orgId, org.orgId);
  const gotJob2 = (await hr.JobPosting.get({ orgId: org.orgId, postedAt: ref.postedAt, jobId: job2.jobId }).go()).data;
  assert.equal(gotJob2.status, "closed");
  assert.ok(gotJob2.closedAt);
  // AP10, AP11
  const ap10 = (await hr.Application.query.byJob({ jobId: job1.jobId }).go({ order: "desc" })).data;
  assert.deepEqual(ap10.map((a) => [a.appId, a.empId, a.status]), [[app.appId, alice.empId, "reviewing"]]);
  const ap11 = (await hr.Application.query.byEmployee({ empId: alice.empId }).go({ order: "desc" })).data;
  assert.deepEqual(ids(ap11, "appId"), [app.appId]);
  // AP12: every job, newest first, the same list hrctl gives
  const ap12 = (await hr.JobPosting.query.byOrg({ orgId: org.orgId }).go({ order: "desc" })).data;
  assert.deepEqual(ids(ap12, "jobId"), [job3.jobId, job2.jobId, job1.jobId]);
  assert.deepEqual(ids(ap12, "jobId"), ids(hrctl("ap", "12", ...O).items, "jobId"));
});

test("ElectroDB writes, hrcore reads every access pattern and finds no violation", async () => {
  const { service } = hr;
  const orgId = ulid();
  await hr.Organisation.create({ orgId, name: "Electro Inc", plan: "enterprise" }).go();
  const deptId = ulid();
  await hr.Department.create({ orgId, deptId, name: "Platform" }).go();
  // Hiring as the review's next step 1 asks: employee, relationship, headcount and the email
  // constraint in one transaction.
  const hire = async (first) => {
    const empId = ulid();
    const email = `${first.toLowerCase()}@electro.io`;
    await service.transaction.write(({ employee, deptEmployee, department, emailUnique }) => [
      employee.create({ empId, orgId, email, firstName: first, lastName: "Edb", departmentId: deptId }).commit(),
      deptEmployee.create({ deptId, empId, orgId }).commit(),
      department.patch({ orgId, deptId }).add({ headcount: 1 }).commit(),
      emailUnique.create({ email, orgId, empId }).commit(),
    ]).go();
    return { empId, email };
  };
  const dan = await hire("Dan");
  const eve = await hire("Eve");
  const postJob = async (title) => {
    const jobId = ulid();
    const postedAt = ulid();
    await service.transaction.write(({ job, jobRef }) => [
      job.create({ jobId, orgId, postedAt, title, status: "open", departmentId: deptId }).commit(),
      jobRef.create({ jobId, orgId, postedAt }).commit(),
    ]).go();
    return { jobId, postedAt };
  };
  const open = await postJob("Staff Engineer");
  const closed = await postJob("Recruiter");
  // Closing with the index condition: ElectroDB REMOVEs GSI1PK/GSI1SK.
  await hr.JobPosting.patch({ orgId, postedAt: closed.postedAt, jobId: closed.jobId })
    .set({ status: "closed", closedAt: new Date().toISOString() })
    .composite({ orgId, postedAt: closed.postedAt, jobId: closed.jobId }).go();
  const appId = ulid();
  const submittedAt = ulid();
  await hr.Application.create({ appId, jobId: open.jobId, empId: eve.empId, submittedAt }).go();

  const O = ["--org", orgId];
  assert.equal(one("ap", "1", ...O).name, "Electro Inc");
  assert.equal(one("ap", "2", ...O, "--emp", dan.empId).email, dan.email);
  assert.deepEqual(ids(hrctl("ap", "3", ...O).items, "empId"), [dan.empId, eve.empId]);
  assert.equal(one("ap", "4", ...O, "--email", eve.email).empId, eve.empId);
  assert.deepEqual(hrctl("ap", "5", ...O).items.map((d) => [d.deptId, d.headcount]), [[deptId, "2"]]);
  assert.equal(one("ap", "6", ...O, "--dept", deptId).name, "Platform");
  assert.deepEqual(ids(hrctl("ap", "7", ...O, "--dept", deptId).items, "empId"), [dan.empId, eve.empId]);
  assert.deepEqual(ids(hrctl("ap", "8", ...O).items, "jobId"), [open.jobId]);
  assert.equal(one("ap", "9", ...O, "--job", closed.jobId).status, "closed");
  assert.deepEqual(ids(hrctl("ap", "10", ...O, "--job", open.jobId).items, "appId"), [appId]);
  assert.deepEqual(ids(hrctl("ap", "11", ...O, "--emp", eve.empId).items, "appId"), [appId]);
  assert.deepEqual(ids(hrctl("ap", "12", ...O).items, "jobId"), [closed.jobId, open.jobId]);

  // hrcore's writes on ElectroDB's items: an item without a version is version 0.
  const renamed = one("update", ...O, "--emp", dan.empId, "--version", "0", "--first", "Daniel");
  assert.equal(renamed.version, "1");
  // And the same invariants hold over both writers' items.
  const check = hrctl("check");
  assert.deepEqual(check.violations, []);
});
