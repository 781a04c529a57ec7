#!/usr/bin/env bash
# Writes DIR/deb/ddb-local_<V>_<debarch>.deb and DIR/deb/libddbemu-dev_<V>_<debarch>.deb
# (tools/dist/README.md) with CPack's DEB generator (cmake/ddbemuDebian.cmake): ddb-local from
# the release tarball DIR/ddb-local-<V>-linux-<arch>.tar.gz (its bin/ddb-local and bin/hrctl,
# byte for byte), libddbemu-dev from the build tree's ddbemu_development install rules. Then
# checks both as --check does.
#
#   tools/dist/deb/build.sh --version V --dist DIR --build-dir BUILD [--arch x64|arm64]
#   tools/dist/deb/build.sh --check [--version V] --dist DIR [--arch x64|arm64]
#
# --check prints each package's control file and contents (dpkg-deb -I, -c) and validates them:
# names, version, architecture and Depends; the files each must hold; the conffile; the service
# unit; ddb-local's binaries the same bytes as the tarball's; their dynamic needs (glibc's
# libraries only, no symbol newer than the libc6 version ddb-local depends on). lintian runs too
# when it is installed (its errors fail the check). BUILD's CPackConfig.cmake must come from a
# configure that included cmake/ddbemuDebian.cmake (the top CMakeLists.txt does).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
version="" dist="" build="" arch="" check_only=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --version) version="$2"; shift 2 ;;
    --dist) dist="$2"; shift 2 ;;
    --build-dir) build="$2"; shift 2 ;;
    --arch) arch="$2"; shift 2 ;;
    --check) check_only=1; shift ;;
    *) echo "deb/build.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
usage="usage: deb/build.sh --version V --dist DIR --build-dir BUILD [--arch x64|arm64]
       deb/build.sh --check [--version V] --dist DIR [--arch x64|arm64]"
[[ -n "$dist" ]] || { echo "$usage" >&2; exit 2; }
[[ $check_only -eq 1 || ( -n "$build" && -n "$version" ) ]] || { echo "$usage" >&2; exit 2; }
if [[ -z "$arch" ]]; then
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) echo "deb/build.sh: no release architecture for $(uname -m); pass --arch" >&2; exit 2 ;;
  esac
fi
case "$arch" in
  x64) debarch=amd64 elf_machine="Advanced Micro Devices X86-64" ;;
  arm64) debarch=arm64 elf_machine="AArch64" ;;
  *) echo "deb/build.sh: --arch must be x64 or arm64" >&2; exit 2 ;;
esac
dist="$(cd "$dist" && pwd)"
if [[ -z "$version" ]]; then  # --check alone: the version of the one ddb-local package in DIR/deb
  shopt -s nullglob
  found=("$dist"/deb/ddb-local_*_"$debarch".deb)
  shopt -u nullglob
  [[ ${#found[@]} -eq 1 ]] ||
    { echo "deb/build.sh --check: expected one $dist/deb/ddb-local_*_$debarch.deb," \
           "found ${#found[@]}; pass --version" >&2; exit 1; }
  version="$(dpkg-deb -f "${found[0]}" Version)"
fi
name="ddb-local-$version-linux-$arch"
tarball="$dist/$name.tar.gz"
[[ -f "$tarball" ]] ||
  { echo "deb/build.sh: no release tarball $tarball (tools/dist/tarball.sh)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
stage="$work/$name"
[[ -f "$stage/bin/ddb-local" && -f "$stage/bin/hrctl" ]] ||
  { echo "deb/build.sh: $tarball lacks bin/ddb-local or bin/hrctl" >&2; exit 1; }

runtime_deb="$dist/deb/ddb-local_${version}_${debarch}.deb"
dev_deb="$dist/deb/libddbemu-dev_${version}_${debarch}.deb"

if [[ $check_only -eq 0 ]]; then
  build="$(cd "$build" && pwd)"
  config="$build/CPackConfig.cmake"
  if [[ ! -f "$config" ]] || ! grep -q ddbemu_deb_runtime "$config"; then
    echo "deb/build.sh: $config was not configured with cmake/ddbemuDebian.cmake" >&2
    echo "  (the top CMakeLists.txt includes it when DDBEMU_INSTALL is on; reconfigure $build)" >&2
    exit 1
  fi
  [[ -f "$build/package/libddbemu.a" ]] ||
    { echo "deb/build.sh: $build/package/libddbemu.a was not built" >&2; exit 1; }
  mtime="$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s)"
  mkdir -p "$dist/deb" "$work/cpack" "$work/stage-tmp"
  rm -f "$runtime_deb" "$dev_deb"
  if ! DDBEMU_DEB_VERSION="$version" DDBEMU_DEB_ARCH="$debarch" DDBEMU_DEB_STAGE="$stage" \
       DDBEMU_DEB_WORK="$work/stage-tmp" DDBEMU_DEB_DATE="$(date -R -u -d "@$mtime")" \
       SOURCE_DATE_EPOCH="$mtime" \
       cpack -G DEB --config "$config" -B "$work/cpack" >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    echo "deb/build.sh: cpack failed" >&2
    exit 1
  fi
  for deb in "$runtime_deb" "$dev_deb"; do
    [[ -f "$work/cpack/$(basename "$deb")" ]] ||
      { cat "$work/cpack.log" >&2; ls "$work/cpack" >&2
        echo "deb/build.sh: cpack made no $(basename "$deb")" >&2; exit 1; }
    mv "$work/cpack/$(basename "$deb")" "$deb.tmp"
    mv "$deb.tmp" "$deb"
  done
fi

# ---- The check (also after a build). ----
fail=0
problem() { echo "deb/build.sh --check: $*" >&2; fail=1; }
field() { dpkg-deb -f "$1" "$2"; }
# The paths a package holds, without the leading "./".
contents() {
  dpkg-deb -c "$1" |
    awk '{ p = $6; for (i = 7; i <= NF; ++i) p = p " " $i; sub(/^\.\//, "", p); print p }'
}
# A package's paths: each REQUIRED one is there, and every one matches ALLOWED (an ERE over the
# paths without "./"; DESCRIBED says what it allows, for the message).
check_contents() {  # NAME DEB ALLOWED DESCRIBED REQUIRED...
  local name="$1" deb="$2" allowed="$3" described="$4" listing f
  shift 4
  listing="$(contents "$deb")"
  for f in "$@"; do
    grep -qx "$f" <<<"$listing" || problem "$name: no /$f"
  done
  if grep -Ev "$allowed" <<<"$listing"; then
    problem "$name: files other than $described (above)"
  fi
}

for deb in "$runtime_deb" "$dev_deb"; do
  [[ -f "$deb" ]] || { problem "missing $deb"; continue; }
  echo "==== $(basename "$deb") ($(stat -c %s "$deb") bytes)"
  dpkg-deb -I "$deb"
  dpkg-deb -c "$deb"
  [[ "$(field "$deb" Version)" == "$version" ]] ||
    problem "$(basename "$deb"): Version is not $version"
  [[ "$(field "$deb" Architecture)" == "$debarch" ]] ||
    problem "$(basename "$deb"): Architecture is not $debarch"
  for f in Maintainer Description Section Priority Homepage; do
    [[ -n "$(field "$deb" "$f")" ]] || problem "$(basename "$deb"): no $f field"
  done
done

if [[ -f "$runtime_deb" ]]; then
  [[ "$(field "$runtime_deb" Package)" == ddb-local ]] || problem "ddb-local: wrong Package field"
  # The glibc version ddb-local's Depends names: the binaries may use no symbol newer than it.
  min_glibc="$(field "$runtime_deb" Depends | sed -n 's/^libc6 (>= \([0-9.]*\)), passwd$/\1/p')"
  [[ -n "$min_glibc" ]] ||
    { problem "ddb-local: Depends is '$(field "$runtime_deb" Depends)'," \
              "not 'libc6 (>= X), passwd'"; min_glibc=0; }
  allowed='^(usr/bin/(ddb-local|hrctl)|lib/systemd/system/ddb-local\.service|etc/default/ddb-local'
  allowed+='|usr/share/doc/ddb-local/.*|usr/share/lintian/overrides/ddb-local|([a-z]+/)*)$'
  check_contents ddb-local "$runtime_deb" "$allowed" \
    "its binaries, unit, defaults file, doc directory and lintian overrides" \
    usr/bin/ddb-local usr/bin/hrctl lib/systemd/system/ddb-local.service etc/default/ddb-local \
    usr/share/doc/ddb-local/copyright usr/share/doc/ddb-local/changelog.gz
  dpkg-deb -e "$runtime_deb" "$work/control-runtime"
  [[ "$(cat "$work/control-runtime/conffiles")" == /etc/default/ddb-local ]] ||
    problem "ddb-local: conffiles is not /etc/default/ddb-local"
  for s in postinst prerm postrm; do
    [[ -x "$work/control-runtime/$s" ]] || problem "ddb-local: no executable $s"
    sh -n "$work/control-runtime/$s" || problem "ddb-local: $s is not valid sh"
  done
  grep -q "useradd --system" "$work/control-runtime/postinst" ||
    problem "ddb-local: postinst makes no system user"
  dpkg-deb -x "$runtime_deb" "$work/runtime"
  unit="$work/runtime/lib/systemd/system/ddb-local.service"
  for want in '^User=ddb-local$' '^ExecStart=/usr/bin/ddb-local .*--host 127\.0\.0\.1 ' \
              '^ExecStart=.* -port 8000 ' '^ExecStart=.* -dbPath /var/lib/ddb-local ' \
              '^EnvironmentFile=-/etc/default/ddb-local$' '^StateDirectory=ddb-local$' \
              '^WantedBy=multi-user\.target$'; do
    grep -Eq "$want" "$unit" || problem "ddb-local.service: no line matching $want"
  done
  if command -v systemd-analyze >/dev/null; then
    # The unit's syntax (the binary it names is not installed here: that complaint is expected).
    verify="$(systemd-analyze verify --man=no "$unit" 2>&1 |
              grep -v "Command /usr/bin/ddb-local is not executable" || true)"
    [[ -z "$verify" ]] || echo "$verify"
    if grep -Eqi "unknown (key|section|lvalue)|invalid|failed to parse|bad " <<<"$verify"; then
      problem "ddb-local.service: systemd-analyze verify found errors (above)"
    fi
  fi
  for exe in ddb-local hrctl; do
    cmp "$work/runtime/usr/bin/$exe" "$stage/bin/$exe" ||
      problem "/usr/bin/$exe differs from the tarball's bin/$exe"
    [[ "$(stat -c %a "$work/runtime/usr/bin/$exe")" == 755 ]] ||
      problem "/usr/bin/$exe is not mode 755"
    machine="$(readelf -h "$work/runtime/usr/bin/$exe" | sed -n 's/^ *Machine: *//p')"
    [[ "$machine" == "$elf_machine" ]] ||
      problem "/usr/bin/$exe is not an $arch binary"
    needed="$(readelf -d "$work/runtime/usr/bin/$exe" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
    echo "$exe NEEDED: $(echo $needed)"
    for lib in $needed; do
      case "$lib" in
        libc.so.6 | libm.so.6 | libpthread.so.0 | libdl.so.2 | librt.so.1) ;;
        ld-linux-x86-64.so.2 | ld-linux-aarch64.so.1) ;;
        *) problem "/usr/bin/$exe needs $lib, which libc6 does not provide" ;;
      esac
    done
    newest="$(readelf --dyn-syms -W "$work/runtime/usr/bin/$exe" | grep -o 'GLIBC_[0-9.]*' |
              sed 's/GLIBC_//' | sort -uV | tail -n1)"
    echo "$exe: newest glibc symbol version GLIBC_$newest (Depends: libc6 (>= $min_glibc))"
    newer="$(printf '%s\n' "$newest" "$min_glibc" | sort -V | tail -n1)"
    if [[ -n "$newest" && "$newer" != "$min_glibc" ]]; then
      problem "/usr/bin/$exe needs GLIBC_$newest, newer than libc6 (>= $min_glibc)"
    fi
  done
fi

if [[ -f "$dev_deb" ]]; then
  [[ "$(field "$dev_deb" Package)" == libddbemu-dev ]] ||
    problem "libddbemu-dev: wrong Package field"
  depends="$(field "$dev_deb" Depends)"
  for d in liblmdb-dev libssl-dev zlib1g-dev libzstd-dev libboost-dev; do
    grep -Eq "(^|, )$d( |,|$)" <<<"$depends" || problem "libddbemu-dev: Depends lacks $d"
  done
  allowed='^usr/((include|lib)(/.*)?|share/|share/doc/|share/doc/libddbemu-dev/.*'
  allowed+='|share/lintian/|share/lintian/overrides/|share/lintian/overrides/libddbemu-dev)?$'
  check_contents libddbemu-dev "$dev_deb" "$allowed" \
    "/usr/include, /usr/lib, its doc directory and lintian overrides" \
    usr/include/ddbemu/database.h usr/include/ddbemu/testing/gtest.h usr/lib/libddbemu.a \
    usr/lib/cmake/ddbemu/ddbemuConfig.cmake usr/lib/cmake/ddbemu/ddbemuConfigVersion.cmake \
    usr/lib/cmake/ddbemu/ddbemuTargets.cmake usr/lib/pkgconfig/ddbemu.pc \
    usr/share/doc/libddbemu-dev/copyright
  dpkg-deb -x "$dev_deb" "$work/dev"
  # Every member's machine (no grep -q on a pipe: with pipefail, its early exit fails readelf).
  machines="$(readelf -h "$work/dev/usr/lib/libddbemu.a" 2>/dev/null |
              sed -n 's/^ *Machine: *//p' | sort -u)"
  [[ "$machines" == "$elf_machine" ]] ||
    problem "libddbemu.a is not built for $arch alone: ${machines:-no ELF members}"
fi

# lintian reads the whole 11 MB binary (about a minute): the release dry run's --check runs it,
# a build's own check does not.
if [[ $check_only -eq 0 ]]; then
  :
elif command -v lintian >/dev/null; then
  for deb in "$runtime_deb" "$dev_deb"; do
    [[ -f "$deb" ]] || continue
    echo "==== lintian $(basename "$deb")"
    lintian --tag-display-limit 0 "$deb" | tee "$work/lintian.out" || true
    if grep -q '^E: ' "$work/lintian.out"; then problem "lintian errors in $(basename "$deb")"; fi
  done
else
  problem "lintian is not installed (tools/dev installs it with the test packages)"
fi

if [[ $fail -ne 0 ]]; then
  echo "deb/build.sh --check: FAILED" >&2
  exit 1
fi
echo "deb/build.sh: $runtime_deb $dev_deb: OK"
