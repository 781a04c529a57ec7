#!/usr/bin/env bash
# Writes dist/ddb-local-<V>-linux-<arch>.tar.gz from a build tree's portable binaries
# (tools/dist/README.md): bin/ddb-local and bin/hrctl stripped, the licence, the third-party
# notices of everything linked in, and a short README. The archive is reproducible: sorted
# names, fixed owner and modification time (the commit's), no gzip timestamp.
#
#   tools/dist/tarball.sh --version V --dist DIR --arch x64|arm64 --build-dir BUILD [--strip STRIP]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version="" dist="" arch="" build="" strip_tool=strip
while [[ $# -gt 0 ]]; do
  case "$1" in
    --version) version="$2"; shift 2 ;;
    --dist) dist="$2"; shift 2 ;;
    --arch) arch="$2"; shift 2 ;;
    --build-dir) build="$2"; shift 2 ;;
    --strip) strip_tool="$2"; shift 2 ;;
    *) echo "tarball.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -n "$version" && -n "$dist" && -n "$arch" && -n "$build" ]] ||
  { echo "usage: tarball.sh --version V --dist DIR --arch x64|arm64 --build-dir BUILD" >&2; exit 2; }

name="ddb-local-$version-linux-$arch"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/bin" "$dist"
for exe in tools/ddb-local tools/hrctl/hrctl; do
  [[ -x "$build/$exe" ]] || { echo "tarball.sh: $build/$exe was not built" >&2; exit 1; }
  "$strip_tool" --strip-all -o "$stage/$name/bin/$(basename "$exe")" "$build/$exe"
done
cp "$ROOT/LICENSE" "$ROOT/NOTICE" "$stage/$name/"
"$ROOT/tools/dist/third_party_notices.sh" >"$stage/$name/THIRD-PARTY-NOTICES.txt"
sed "s/@VERSION@/$version/g; s/@ARCH@/$arch/g" "$ROOT/tools/dist/tarball-README.md" \
  >"$stage/$name/README.md"
mtime="$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || echo 0)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -C "$stage" -cf - "$name" |
  gzip -9 -n >"$dist/$name.tar.gz.tmp"
mv "$dist/$name.tar.gz.tmp" "$dist/$name.tar.gz"
echo "$dist/$name.tar.gz"
