#!/usr/bin/env bash
# Prints the path of a pristine Debian 12 (bookworm) root holding the given packages, made once
# with debootstrap and kept under ${XDG_CACHE_HOME:-$HOME/.cache}/ddbemu/roots/ as
# bookworm-<debarch>-<digest of the package list>. A root is made in a temporary directory beside
# its final place and renamed into it whole, so a run that dies half way leaves no root behind
# and two runs never see each other's half-made root. Callers copy the root before using it
# (tests/dist/deb/run.sh): the cached one is never changed.
#
#   tests/dist/deb/debian_root.sh PACKAGE...
#
# The mirror is the host's own (its apt sources' first bookworm entry), or
# $DDBEMU_DEBIAN_MIRROR. Needs root and debootstrap (installed with apt-get when missing).
set -euo pipefail
suite=bookworm
variant=minbase
[[ $# -gt 0 ]] || { echo "usage: debian_root.sh PACKAGE..." >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { echo "debian_root.sh: needs root (debootstrap, chroot)" >&2; exit 1; }

debarch="$(dpkg --print-architecture)"
packages="$(printf '%s\n' "$@" | sort -u | paste -sd, -)"
digest="$(printf '%s\n' "$suite" "$variant" "$debarch" "$packages" | sha256sum | cut -c1-16)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/ddbemu/roots"
root="$cache/$suite-$debarch-$digest"
if [[ -f "$root/.ddbemu-root-complete" ]]; then
  echo "$root"
  exit 0
fi

mirror="${DDBEMU_DEBIAN_MIRROR:-}"
if [[ -z "$mirror" ]]; then
  # deb822 sources (URIs:/Suites: stanzas), then one-line sources.list entries.
  mirror="$(awk -v suite="$suite" '
    function found() { return uri != "" && suites ~ ("(^| )" suite "( |$)") }
    /^[[:space:]]*$/ { if (found()) { print uri; exit } uri = ""; suites = "" }
    /^URIs:/ { uri = $2 }
    /^Suites:/ { $1 = ""; suites = $0 " " }
    END { if (found()) print uri }
  ' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1)"
fi
if [[ -z "$mirror" ]]; then
  mirror="$(awk -v suite="$suite" '$1 == "deb" && $3 == suite { print $2; exit }' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -n1)"
fi
[[ -n "$mirror" ]] ||
  { echo "debian_root.sh: no $suite mirror in the apt sources:" \
         "set DDBEMU_DEBIAN_MIRROR" >&2; exit 1; }

if ! command -v debootstrap >/dev/null; then
  echo "debian_root.sh: installing debootstrap" >&2
  apt-get install -y -qq debootstrap >&2
fi

mkdir -p "$cache"
work="$(mktemp -d "$cache/.making-$suite-$debarch-$digest.XXXXXX")"
trap 'rm -rf "$work"' EXIT
start=$SECONDS
echo "debian_root.sh: debootstrap $suite ($variant, $debarch) from $mirror with $packages" >&2
if ! debootstrap --variant="$variant" --arch="$debarch" --include="$packages" \
     "$suite" "$work/root" "$mirror" >"$work/debootstrap.log" 2>&1; then
  tail -n 40 "$work/debootstrap.log" >&2
  inner_log="$work/root/debootstrap/debootstrap.log"
  [[ -f "$inner_log" ]] && tail -n 40 "$inner_log" >&2
  echo "debian_root.sh: debootstrap failed" >&2
  exit 1
fi
# Nothing of the making stays in the root: no downloaded .debs, no apt lists.
rm -rf "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"*
printf '%s\n' "suite=$suite" "variant=$variant" "arch=$debarch" "packages=$packages" \
  "seconds=$((SECONDS - start))" >"$work/root/.ddbemu-root-complete"
echo "debian_root.sh: made in $((SECONDS - start)) s" >&2
if ! mv -T "$work/root" "$root" 2>/dev/null; then
  # Another run put the same root in place first: use that one.
  [[ -f "$root/.ddbemu-root-complete" ]] ||
    { echo "debian_root.sh: cannot move the root to $root" >&2; exit 1; }
fi
echo "$root"
