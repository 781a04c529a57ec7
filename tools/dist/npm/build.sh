#!/usr/bin/env bash
# The npm packages (tools/dist/README.md), from the release tarballs in DIR, written to
# DIR/npm/*.tgz with `npm pack` — esbuild's layout:
#   ddb-local                  bin: a Node launcher (`npx ddb-local -port 8000`); binaryPath()
#   @ddb-local/linux-<arch>-gnu  bin/ddb-local of ddb-local-<V>-linux-<arch>.tar.gz, one per
#                              tarball present, os/cpu/libc set so that npm installs only the
#                              matching one; ddb-local lists them as optionalDependencies at V
#   ddb-local-js               tools/ddb-local-js, depending on ddb-local at V
#
#   tools/dist/npm/build.sh --version V --dist DIR
#   tools/dist/npm/build.sh --check --dist DIR [--version V] [--partial] [--offline]
#
# --check unpacks every DIR/npm/*.tgz, checks that they fit together (one version, each
# platform package listed at exactly it, the binary's mode 755 and ELF machine, and the binary
# being the tarball's when that is in DIR; ddb-local-js's dependency; both platforms unless
# --partial), then runs `npm publish --dry-run --json` on each and fails on an error, a warning
# (except "requires you to be logged in"), a name or version other than the package's at V, or
# a file list other than the expected one (manifest.mjs published). --offline keeps npm off the
# registry; without it npm asks the registry about each package, as a publish would (is the
# version taken, is a higher one published), and ignores a registry it cannot reach after a
# minute of retries (the check then says so). Publish order: the platform packages, ddb-local,
# ddb-local-js.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
version="" dist="" check=0 partial=0 offline=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --version) version="$2"; shift 2 ;;
    --dist) dist="$2"; shift 2 ;;
    --check) check=1; shift ;;
    --partial) partial=1; shift ;;
    --offline) offline=1; shift ;;
    *) echo "build.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
die() { echo "build.sh: $*" >&2; exit 1; }
usage="usage: build.sh --version V --dist DIR | --check --dist DIR"
[[ -n "$dist" ]] || { echo "$usage" >&2; exit 2; }
{ command -v node && command -v npm; } >/dev/null || die "node and npm are needed"
mkdir -p "$dist"
dist="$(cd "$dist" && pwd)"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# npm with nothing of this machine's npm setup but the registry: its own cache, no scripts.
npm_() {
  npm --cache "$stage/npm-cache" --no-audit --no-fund --no-update-notifier --ignore-scripts \
    --loglevel=warn "$@" </dev/null
}

if [[ $check == 1 ]]; then
  shopt -s nullglob
  tgzs=("$dist"/npm/*.tgz)
  [[ ${#tgzs[@]} -gt 0 ]] || die "no packages in $dist/npm"
  dirs=()
  for tgz in "${tgzs[@]}"; do
    d="$stage/check/$(basename "$tgz" .tgz)"
    mkdir -p "$d"
    tar -xzf "$tgz" -C "$d" --strip-components=1 package/package.json ||
      die "$tgz has no package/package.json"
    tar -tvzf "$tgz" | awk '{print $1, $6}' >"$d/MODES"
    if grep -qx -- '-[-rwx]* package/bin/ddb-local' "$d/MODES"; then
      tar -xzf "$tgz" -C "$d" --strip-components=1 package/bin/ddb-local
    fi
    dirs+=("$d")
  done
  check_args=(--dist "$dist")
  [[ -n "$version" ]] && check_args+=(--version "$version")
  [[ $partial == 1 ]] && check_args+=(--partial)
  node "$HERE/manifest.mjs" check "${check_args[@]}" "${dirs[@]}" ||
    die "the packages do not fit together"
  online=()
  [[ $offline == 1 ]] && online=(--offline)
  failed=0
  reports=()
  mkdir -p "$stage/published"
  for tgz in "${tgzs[@]}"; do
    report="$stage/published/$(basename "$tgz" .tgz).json"
    # --loglevel=http: npm's registry requests are logged, so that an unreachable registry shows.
    if ! (cd "$stage" && npm_ publish --dry-run --json --loglevel=http "${online[@]}" "$tgz" \
            >"$report" 2>"$report.log"); then
      cat "$report.log" "$report" >&2
      echo "build.sh --check: npm publish --dry-run $tgz failed" >&2; failed=1
      continue
    fi
    warnings="$(grep -i '^npm warn' "$report.log" | grep -v 'requires you to be logged in' || true)"
    if [[ -n "$warnings" ]]; then
      echo "$warnings" >&2; echo "build.sh --check: npm warns about $tgz" >&2; failed=1
    fi
    # npm ignores a registry it cannot reach; what it asks it (is this version published
    # already, or a higher one?) then goes unanswered.
    if grep -q 'attempt [0-9]* failed with' "$report.log"; then
      echo "build.sh --check: warning: the registry was not reached for $(basename "$tgz"):" \
           "whether its version is published already was not checked" >&2
    fi
    reports+=("$report")
  done
  published_args=()
  [[ -n "$version" ]] && published_args+=(--version "$version")
  [[ ${#reports[@]} -eq 0 ]] ||
    node "$HERE/manifest.mjs" published "${published_args[@]}" "${reports[@]}" || failed=1
  exit $failed
fi

[[ -n "$version" ]] || die "--version is needed"
archs=()
for arch in x64 arm64; do
  [[ -f "$dist/ddb-local-$version-linux-$arch.tar.gz" ]] && archs+=("$arch")
done
[[ ${#archs[@]} -gt 0 ]] || die "no $dist/ddb-local-$version-linux-*.tar.gz"
for arch in x64 arm64; do
  [[ " ${archs[*]} " == *" $arch "* ]] ||
    echo "build.sh: warning: no linux-$arch tarball, so no @ddb-local/linux-$arch-gnu" >&2
done

out="$dist/npm"
mkdir -p "$out"
rm -f "$out"/*.tgz
for arch in "${archs[@]}"; do
  name="ddb-local-$version-linux-$arch"
  tar -xzf "$dist/$name.tar.gz" -C "$stage"
  [[ -x "$stage/$name/bin/ddb-local" ]] || die "$name.tar.gz has no executable bin/ddb-local"
  pkg="$stage/linux-$arch-gnu"
  mkdir -p "$pkg/bin"
  cp "$stage/$name/bin/ddb-local" "$pkg/bin/ddb-local"
  chmod 755 "$pkg/bin/ddb-local"
  cp "$stage/$name/LICENSE" "$stage/$name/NOTICE" "$stage/$name/THIRD-PARTY-NOTICES.txt" "$pkg/"
  sed "s/@VERSION@/$version/g; s/@ARCH@/$arch/g" "$HERE/platform/README.md" >"$pkg/README.md"
  node "$HERE/manifest.mjs" platform "$pkg" "$version" "$arch"
  license="$stage/$name/LICENSE"
done

cp -R "$HERE/ddb-local" "$stage/main"
cp "$license" "$stage/main/LICENSE"
node "$HERE/manifest.mjs" main "$stage/main" "$version" "${archs[@]}"

mkdir "$stage/js"
(cd "$ROOT/tools/ddb-local-js" && tar --exclude=node_modules -cf - .) | tar -xf - -C "$stage/js"
cp "$license" "$stage/js/LICENSE"
node "$HERE/manifest.mjs" js "$stage/js" "$version"

for arch in "${archs[@]}"; do
  (cd "$stage/linux-$arch-gnu" && npm_ pack --offline --pack-destination "$out" >/dev/null)
done
(cd "$stage/main" && npm_ pack --offline --pack-destination "$out" >/dev/null)
(cd "$stage/js" && npm_ pack --offline --pack-destination "$out" >/dev/null)
ls "$out"/*.tgz
