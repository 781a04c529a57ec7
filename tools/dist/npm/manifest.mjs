// The package.json files of the npm packages (build.sh writes them) and their consistency check
// (build.sh --check). Node only; no dependency.
//
//   node manifest.mjs platform DIR V ARCH     write DIR/package.json of @ddb-local/linux-ARCH-gnu
//   node manifest.mjs main DIR V ARCH...      set version V and the optionalDependencies (ARCHs)
//   node manifest.mjs js DIR V                ddb-local-js at V, depending on ddb-local at V
//   node manifest.mjs check [--dist DIST] [--version V] [--partial] DIR...
//                                             DIRs: the unpacked packages (package.json, and
//                                             bin/ddb-local if any), each with a MODES file
//                                             ("<mode> <path>" lines from the tar listing);
//                                             DIST: where the release tarballs are
//   node manifest.mjs published [--version V] JSON...
//                                             JSONs: `npm publish --dry-run --json` reports,
//                                             one a package: what npm would upload
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ARCHS = ["x64", "arm64"];
const ELF_MACHINES = { x64: 62, arm64: 183 };
const platformName = (arch) => `@ddb-local/linux-${arch}-gnu`;

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

function platform(dir, version, arch) {
  if (!ARCHS.includes(arch)) throw new Error(`unknown arch ${arch}`);
  writeJson(path.join(dir, "package.json"), {
    name: platformName(arch),
    version,
    description: `The ddb-local executable for Linux ${arch} (glibc 2.34 or later); ` +
      "install ddb-local, which uses it",
    license: "Apache-2.0",
    os: ["linux"],
    cpu: [arch],
    libc: ["glibc"],
    files: ["bin/ddb-local", "LICENSE", "NOTICE", "THIRD-PARTY-NOTICES.txt", "README.md"],
    preferUnplugged: true,  // yarn PnP: a binary must be on disk to be run
    publishConfig: { access: "public" },  // a scoped package is private unless told
  });
}

function main(dir, version, archs) {
  const file = path.join(dir, "package.json");
  const pkg = readJson(file);
  pkg.version = version;
  pkg.optionalDependencies = Object.fromEntries(archs.map((a) => [platformName(a), version]));
  writeJson(file, pkg);
}

// The source package.json has no dependency, so that the checkout's own users of it
// (tests/clients/js links it with file:) need no ddb-local package; the published one does.
function js(dir, version) {
  const file = path.join(dir, "package.json");
  const pkg = readJson(file);
  pkg.version = version;
  pkg.license = "Apache-2.0";
  pkg.dependencies = { ...pkg.dependencies, "ddb-local": version };
  for (const extra of ["examples/", "LICENSE"]) {
    if (!pkg.files.includes(extra)) pkg.files.push(extra);
  }
  writeJson(file, pkg);
}

// Every problem found in the unpacked packages, as sentences.
function problems(dirs, { version, partial, dist }) {
  const found = [];
  const packages = new Map();
  for (const dir of dirs) {
    const pkg = readJson(path.join(dir, "package.json"));
    const modes = new Map(fs.readFileSync(path.join(dir, "MODES"), "utf8").trim().split("\n")
      .map((line) => line.split(" ")).map(([mode, p]) => [p, mode]));
    if (packages.has(pkg.name)) found.push(`${pkg.name} is there twice`);
    packages.set(pkg.name, { pkg, modes, dir });
  }
  const versions = new Set([...packages.values()].map(({ pkg }) => pkg.version));
  if (versions.size !== 1) found.push(`the packages have different versions: ${[...versions]}`);
  const v = version ?? [...versions][0];
  for (const { pkg } of packages.values()) {
    if (pkg.version !== v) found.push(`${pkg.name} is at ${pkg.version}, not ${v}`);
  }
  const has = (name, file) => packages.get(name)?.modes.has(`package/${file}`);

  const main = packages.get("ddb-local")?.pkg;
  if (!main) {
    found.push("no ddb-local package");
  } else {
    if (main.bin?.["ddb-local"] !== "bin/ddb-local.js") {
      found.push("ddb-local's bin is not bin/ddb-local.js");
    }
    for (const f of ["bin/ddb-local.js", "index.js", "index.mjs", "index.d.ts", "LICENSE"]) {
      if (!has("ddb-local", f)) found.push(`ddb-local lacks ${f}`);
    }
    const optional = main.optionalDependencies ?? {};
    for (const [name, range] of Object.entries(optional)) {
      if (range !== v) found.push(`ddb-local wants ${name}@${range}, not exactly ${v}`);
      if (!packages.has(name)) found.push(`ddb-local lists ${name}, which is not in the dist`);
    }
    for (const arch of ARCHS) {
      if (!(platformName(arch) in optional) && !partial) {
        found.push(`ddb-local does not list ${platformName(arch)} (no linux-${arch} tarball?)`);
      }
    }
    if (Object.keys(main.dependencies ?? {}).length) found.push("ddb-local has dependencies");
  }
  for (const arch of ARCHS) {
    const name = platformName(arch);
    const entry = packages.get(name);
    if (!entry) continue;
    const { pkg, modes } = entry;
    const selectors = JSON.stringify([pkg.os, pkg.cpu, pkg.libc]);
    if (selectors !== JSON.stringify([["linux"], [arch], ["glibc"]])) {
      found.push(`${name}'s os/cpu/libc are ${selectors}`);
    }
    if (pkg.publishConfig?.access !== "public") found.push(`${name} is not published as public`);
    const mode = modes.get("package/bin/ddb-local");
    if (!mode) found.push(`${name} lacks bin/ddb-local`);
    else if (mode !== "-rwxr-xr-x") found.push(`${name}'s bin/ddb-local has mode ${mode}, not 755`);
    if (mode) {
      const binary = fs.readFileSync(path.join(entry.dir, "bin", "ddb-local"));
      const isElf = binary.subarray(0, 4).toString("latin1") === "\x7fELF";
      const machine = isElf ? binary.readUInt16LE(18) : null;
      if (machine !== ELF_MACHINES[arch]) {
        found.push(`${name}'s bin/ddb-local is not an ELF file for ${arch} (e_machine ${machine})`);
      }
      const tarball = dist && path.join(dist, `ddb-local-${v}-linux-${arch}.tar.gz`);
      if (tarball && fs.existsSync(tarball)) {
        const original = execFileSync("tar",
          ["-xzOf", tarball, `ddb-local-${v}-linux-${arch}/bin/ddb-local`], { maxBuffer: 1 << 30 });
        if (!original.equals(binary)) {
          found.push(`${name}'s bin/ddb-local is not the one of ${tarball}`);
        }
      }
    }
    for (const f of ["LICENSE", "NOTICE", "THIRD-PARTY-NOTICES.txt"]) {
      if (!has(name, f)) found.push(`${name} lacks ${f}`);
    }
  }
  const helper = packages.get("ddb-local-js")?.pkg;
  if (!helper) {
    found.push("no ddb-local-js package");
  } else {
    if (helper.dependencies?.["ddb-local"] !== v) {
      const wanted = helper.dependencies?.["ddb-local"];
      found.push(`ddb-local-js depends on ddb-local@${wanted}, not ${v}`);
    }
    for (const f of ["index.mjs", "examples/put-get.test.mjs", "jest-preset.json", "LICENSE"]) {
      if (!has("ddb-local-js", f)) found.push(`ddb-local-js lacks ${f}`);
    }
  }
  const known = new Set(["ddb-local", "ddb-local-js", ...ARCHS.map(platformName)]);
  for (const name of packages.keys()) {
    if (!known.has(name)) found.push(`unexpected package ${name}`);
  }
  return found;
}

// What each package must upload, exactly: a platform package its binary, notices and README
// (platform() lists them); ddb-local and ddb-local-js the files of their source directory and
// the licence build.sh adds, so that a file left out of package.json's "files" (or one that
// would be published by accident) is found before publishing.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SOURCES = { "ddb-local": "tools/dist/npm/ddb-local", "ddb-local-js": "tools/ddb-local-js" };
const PLATFORM_FILES = ["LICENSE", "NOTICE", "README.md", "THIRD-PARTY-NOTICES.txt",
  "bin/ddb-local", "package.json"];
const EXECUTABLES = ["bin/ddb-local", "bin/ddb-local.js"];

// The files below dir, relative to it, without node_modules and dot files (npm never packs
// those).
function sourceFiles(dir, prefix = "") {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .filter((e) => e.name !== "node_modules" && !e.name.startsWith("."))
    .flatMap((e) => {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      return e.isDirectory() ? sourceFiles(dir, rel) : [rel];
    });
}

function expectedFiles(name) {
  if (name in SOURCES) return [...sourceFiles(path.join(ROOT, SOURCES[name])), "LICENSE"].sort();
  if (ARCHS.some((a) => platformName(a) === name)) return PLATFORM_FILES;
  return null;
}

// Every problem in what `npm publish --dry-run --json` reports it would upload, as sentences.
function publishedProblems(reports, version) {
  const found = [];
  for (const file of reports) {
    const before = found.length;
    let report = readJson(file);
    if (!("id" in report)) {  // npm 11 keys the report by the package's name; npm 10 did not
      const values = Object.values(report);
      if (values.length !== 1) {
        found.push(`${file}: not one package's dry-run report`);
        continue;
      }
      [report] = values;
    }
    const { name, files = [] } = report;
    const want = `${name}@${version ?? report.version}`;
    if (report.id !== want) found.push(`npm would publish ${report.id}, not ${want}`);
    const expected = expectedFiles(name);
    if (!expected) {
      found.push(`npm would publish ${name}, which is none of ours`);
      continue;
    }
    const got = new Map(files.map((f) => [f.path, f.mode]));
    for (const f of expected) {
      if (!got.has(f)) found.push(`npm would publish ${name} without ${f}`);
    }
    for (const f of got.keys()) {
      if (!expected.includes(f)) found.push(`npm would publish ${name} with ${f}, unexpected`);
    }
    for (const f of EXECUTABLES) {
      const mode = got.get(f);
      if (mode !== undefined && mode !== 0o755) {
        found.push(`npm would publish ${name}'s ${f} with mode ${mode.toString(8)}, not 755`);
      }
    }
    if (found.length === before) console.log(`ok ${report.id}: the ${files.length} files expected`);
  }
  return found;
}

const [command, ...args] = process.argv.slice(2);
if (command === "platform") platform(args[0], args[1], args[2]);
else if (command === "main") main(args[0], args[1], args.slice(2));
else if (command === "js") js(args[0], args[1]);
else if (command === "check") {
  const options = { partial: false };
  const dirs = [];
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === "--version") options.version = args[++i];
    else if (args[i] === "--dist") options.dist = args[++i];
    else if (args[i] === "--partial") options.partial = true;
    else dirs.push(args[i]);
  }
  const found = problems(dirs, options);
  for (const p of found) console.error(`build.sh --check: ${p}`);
  process.exit(found.length ? 1 : 0);
} else if (command === "published") {
  const version = args[0] === "--version" ? args[1] : undefined;
  const found = publishedProblems(version === undefined ? args : args.slice(2), version);
  for (const p of found) console.error(`build.sh --check: ${p}`);
  process.exit(found.length ? 1 : 0);
} else {
  console.error(`manifest.mjs: unknown command ${command}`);
  process.exit(2);
}
