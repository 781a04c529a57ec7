#!/usr/bin/env bash
# Prints the path of an arm64 Debian 12 (bookworm) sysroot for the cross build, making it if it
# is missing, and installs the host tools of the arm64 build when they are missing (debootstrap,
# Debian's aarch64 cross compiler, qemu-user-static; apt-get update only when one is).
#
#   tools/dist/arm64/sysroot.sh
#     -> ${XDG_CACHE_HOME:-$HOME/.cache}/ddbemu/sysroot/bookworm-arm64-<digest>
#
# The sysroot holds the arm64 -dev packages the build links against, unpacked and never
# configured: `debootstrap --foreign` downloads them (and what they depend on) and unpacks the
# essential ones; this script unpacks the rest from debootstrap's download cache. Nothing of the
# sysroot runs except under qemu-aarch64-static -L <sysroot> (the tests), so no second stage is
# needed, and the host's dpkg never learns of arm64.
#
# The directory name carries a digest of the package list (and of this script's layout
# version), so a changed list makes a new sysroot and a second call is instant. It is built in a
# temporary directory next to its final place and renamed into place, so an interrupted or
# concurrent run never leaves a half-made sysroot under the final name.
#
# Environment: DDBEMU_DEBIAN_MIRROR (default: the host's apt mirror for bookworm).
set -euo pipefail

SUITE=bookworm
ARCH=arm64
# Bump when the way the sysroot is made changes (the digest then names a new directory).
LAYOUT=2
SYSROOT_PACKAGES=(
  libc6-dev libstdc++-12-dev libgcc-12-dev
  liblmdb-dev libssl-dev zlib1g-dev libzstd-dev
  libboost-dev libboost-system-dev rapidjson-dev
  libgtest-dev libgmock-dev
)
HOST_PACKAGES=(debootstrap g++-aarch64-linux-gnu qemu-user-static)

say() { printf 'sysroot.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root to run: $*"
  fi
}

installed() { [[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" == installed ]]; }

install_host_packages() {
  local missing=() pkg
  for pkg in "${HOST_PACKAGES[@]}"; do
    installed "$pkg" || missing+=("$pkg")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
}

# The mirror the host's apt uses for the main archive (deb822 or one-line sources), so the
# sysroot comes from where the host's packages come from.
host_mirror() {
  local uri
  uri="$(
    {
      sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null
      sed -n 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\{0,1\}\([^[:space:]]*\).*/\2/p' \
        /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
    } | tr ' ' '\n' | grep -E '^https?://.*/debian/?$' | head -n 1
  )" || true
  printf '%s' "$uri"
}

digest() {
  { echo "$SUITE $ARCH layout=$LAYOUT"; printf '%s\n' "${SYSROOT_PACKAGES[@]}" | LC_ALL=C sort; } |
    sha256sum | cut -c1-16
}

# Absolute symlinks inside the sysroot point at the host when followed from outside it (the
# cross linker would take the host's x86-64 /usr/lib); each becomes relative to its own
# directory. Targets are taken as paths inside the sysroot, not resolved on the host.
relativize_symlinks() {
  local root="$1" link target dir rel
  while IFS= read -r -d '' link; do
    target="$(readlink "$link")"
    [[ "$target" == /* ]] || continue
    dir="$(dirname "$link")"
    rel="$(realpath -s -m --relative-to="$dir" "$root$target")"
    ln -sfn "$rel" "$link"
  done < <(find "$root" -type l -print0)
}

make_sysroot() {
  local dest="$1" tmp log mirror deb
  mkdir -p "$(dirname "$dest")"
  tmp="$(mktemp -d "$dest.tmp.XXXXXX")"
  log="$tmp.log"
  trap 'rm -rf "$tmp" "$log"' EXIT
  mirror="${DDBEMU_DEBIAN_MIRROR:-$(host_mirror)}"
  local include
  include="$(IFS=,; echo "${SYSROOT_PACKAGES[*]}")"
  say "making the $SUITE $ARCH sysroot in $dest (debootstrap, a few minutes)"
  if ! as_root debootstrap --foreign --arch="$ARCH" --variant=minbase --include="$include" \
      "$SUITE" "$tmp" ${mirror:+"$mirror"} >"$log" 2>&1; then
    cat "$log" >&2
    die "debootstrap failed"
  fi
  # --foreign unpacks only the essential packages; the rest (the -dev packages and what they
  # depend on) are still in the download cache. Unpack them the way debootstrap does (keeping
  # merged /usr's directory symlinks).
  shopt -s nullglob
  local debs=("$tmp"/var/cache/apt/archives/*.deb)
  shopt -u nullglob
  [[ ${#debs[@]} -gt 0 ]] ||
    die "debootstrap downloaded no packages into $tmp/var/cache/apt/archives"
  for deb in "${debs[@]}"; do
    dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" --keep-directory-symlink --no-same-owner \
      --warning=no-timestamp 2>>"$log" || { cat "$log" >&2; die "could not unpack $deb"; }
  done
  # The device nodes debootstrap made are of no use to a sysroot (and would shadow the host's
  # /dev under qemu -L); a tree of plain files also caches anywhere.
  rm -rf "${tmp:?}"/var/cache/apt/archives/*.deb "${tmp:?}/debootstrap" "${tmp:?}"/dev/*
  relativize_symlinks "$tmp"
  local need
  for need in usr/include/lmdb.h usr/include/openssl/ssl.h usr/include/zlib.h \
      usr/include/rapidjson/document.h usr/include/boost/version.hpp usr/include/gtest/gtest.h \
      usr/lib/aarch64-linux-gnu/libc.so.6 usr/lib/aarch64-linux-gnu/liblmdb.a \
      usr/lib/aarch64-linux-gnu/libcrypto.a usr/lib/aarch64-linux-gnu/libz.a; do
    [[ -e "$tmp/$need" ]] || die "the sysroot has no /$need (package list incomplete?)"
  done
  chmod 755 "$tmp"
  if ! mv -T "$tmp" "$dest" 2>/dev/null; then
    [[ -d "$dest" ]] || die "could not move the sysroot into $dest"
    rm -rf "$tmp"  # a concurrent run put one there first
  fi
  rm -f "$log"
  trap - EXIT
}

main() {
  install_host_packages
  local cache="${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/ddbemu/sysroot"
  local dest
  dest="$cache/$SUITE-$ARCH-$(digest)"
  [[ -d "$dest" ]] || make_sysroot "$dest"
  printf '%s\n' "$dest"
}

main "$@"
