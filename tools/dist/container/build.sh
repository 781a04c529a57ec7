#!/usr/bin/env bash
# Writes DIR/container/, the docker build context of the ddb-local image (tools/dist/README.md):
#   Dockerfile          FROM scratch, a drop-in for amazon/dynamodb-local (Dockerfile.in)
#   rootfs.list         every file and directory of the image: type, mode, owner, path, and
#                       where in this context it is (rootfs.in expanded)
#   rootfs/             the files owned by root, as the image has them (COPY rootfs/ /)
#   rootfs-U-G/         the files owned by uid U, gid G (COPY --chown=U:G, one line per tree)
# from the release tarball DIR/ddb-local-<V>-linux-<arch>.tar.gz: its bin/ddb-local, and the
# glibc files that binary needs (its program interpreter and NEEDED libraries, recursively,
# looked up where the loader looks) from the system it was built for.
#
#   tools/dist/container/build.sh --version V --dist DIR [--arch x64|arm64] [--sysroot SYSROOT]
#
# SYSROOT: where that glibc is (default /, which must then be of the binary's architecture; the
# arm64 image takes the arm64 sysroot of tools/dist/arm64).
set -euo pipefail
die() { echo "container/build.sh: $*" >&2; exit 1; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$here/../../.." && pwd)"
version="" dist="" arch="" sysroot=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --version) version="$2"; shift 2 ;;
    --dist) dist="$2"; shift 2 ;;
    --arch) arch="$2"; shift 2 ;;
    --sysroot) sysroot="$2"; shift 2 ;;
    *) echo "container/build.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -n "$version" && -n "$dist" ]] ||
  { echo "usage: container/build.sh --version V --dist DIR [--arch x64|arm64]" \
         "[--sysroot SYSROOT]" >&2; exit 2; }
if [[ -z "$arch" ]]; then
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch="" ;; esac
fi
case "$arch" in
  x64) triplet=x86_64-linux-gnu machine="Advanced Micro Devices X86-64" host_arch=x86_64 ;;
  arm64) triplet=aarch64-linux-gnu machine="AArch64" host_arch=aarch64 ;;
  *) echo "container/build.sh: --arch must be x64 or arm64" >&2; exit 2 ;;
esac
if [[ -z "$sysroot" ]]; then
  [[ "$(uname -m)" == "$host_arch" ]] ||
    { echo "container/build.sh: an $arch image made on $(uname -m) needs --sysroot" >&2; exit 2; }
  sysroot=/
fi
sysroot="$(cd "$sysroot" && pwd)"
dist="$(cd "$dist" && pwd)"
name="ddb-local-$version-linux-$arch"
tarball="$dist/$name.tar.gz"
[[ -f "$tarball" ]] || { echo "container/build.sh: no release tarball $tarball" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
stage="$work/$name"
[[ "$(readelf -h "$stage/bin/ddb-local" | sed -n 's/^ *Machine: *//p')" == "$machine" ]] ||
  { echo "container/build.sh: $tarball's bin/ddb-local is not an $arch binary" >&2; exit 1; }

interp_of() {  # the program interpreter an ELF file asks for
  readelf -lW "$1" | sed -n 's/.*\[Requesting program interpreter: \(.*\)\]/\1/p'
}
# The loader's search path: its own word when it runs here, else Debian's multiarch order.
search=()
if [[ "$sysroot" == / && "$(uname -m)" == "$host_arch" ]]; then
  interp_here="$(interp_of "$stage/bin/ddb-local")"
  while read -r dir rest; do
    [[ "$rest" == "(system search path)" ]] && search+=("$dir")
  done < <("$interp_here" --help 2>/dev/null | sed -n '/^Shared library search path:/,/^$/p')
fi
[[ ${#search[@]} -gt 0 ]] || search=("/lib/$triplet" "/usr/lib/$triplet" /lib /usr/lib)

# Entries: "type mode owner path from", in order, one per path.
declare -a entries=()
declare -A listed=()
add() {  # type mode owner path from
  [[ -z "${listed[$4]:-}" ]] || { echo "container/build.sh: $4 listed twice" >&2; exit 1; }
  listed[$4]=1
  entries+=("$1 $2 $3 $4 ${5:-}")
}
add_parents() {  # the directories above $1 that are not listed yet, owned by root
  local p="${1%/*}" missing=()
  while [[ -n "$p" && -z "${listed[$p]:-}" ]]; do missing=("$p" "${missing[@]}"); p="${p%/*}"; done
  for p in "${missing[@]}"; do add dir 0755 0:0 "$p"; done
}
mode_of() { printf '%04d' "$(stat -Lc %a "$1")"; }  # e.g. 0755
elf_field() { readelf -dW "$1" | sed -n "s/.*($2).*\[\(.*\)\]/\1/p"; }
add_needs() {  # the interpreter and libraries of the image file $1 (from $2 on this machine)
  local file="$2" interp interp_soname queue=() seen=() lib dir found
  interp="$(interp_of "$file")"
  [[ -n "$interp" ]] || { echo "container/build.sh: $1 has no program interpreter" >&2; exit 1; }
  [[ -e "$sysroot$interp" ]] || { echo "container/build.sh: no $interp in $sysroot" >&2; exit 1; }
  interp_soname="$(elf_field "$(readlink -f "$sysroot$interp")" SONAME)"
  if [[ -z "${listed[$interp]:-}" ]]; then
    add_parents "$interp"
    add file "$(mode_of "$sysroot$interp")" 0:0 "$interp" "sysroot:$interp"
  fi
  mapfile -t queue < <(elf_field "$file" NEEDED)
  while [[ ${#queue[@]} -gt 0 ]]; do
    lib="${queue[0]}" queue=("${queue[@]:1}")
    [[ " ${seen[*]} " == *" $lib "* || "$lib" == "$interp_soname" ]] && continue
    seen+=("$lib")
    found=""
    for dir in "${search[@]}"; do
      if [[ -e "$sysroot$dir/$lib" ]]; then found="$dir/$lib"; break; fi
    done
    [[ -n "$found" ]] || die "$1 needs $lib, not found in ${search[*]} of $sysroot"
    if [[ -z "${listed[$found]:-}" ]]; then
      add_parents "$found"
      add file "$(mode_of "$sysroot$found")" 0:0 "$found" "sysroot:$found"
    fi
    mapfile -t -O "${#queue[@]}" queue < <(elf_field "$(readlink -f "$sysroot$found")" NEEDED)
  done
}
source_of() {  # where the bytes of "from" are on this machine
  case "$1" in
    files/*) echo "$here/$1" ;;
    tarball:*) echo "$stage/${1#tarball:}" ;;
    sysroot:*) readlink -f "$sysroot${1#sysroot:}" ;;
    *) echo "container/build.sh: unknown source '$1'" >&2; exit 1 ;;
  esac
}

while read -r type mode owner path from extra; do
  [[ -z "$type" || "$type" == \#* ]] && continue
  [[ -z "${extra:-}" ]] || die "rootfs.in: too many fields for $path"
  case "$type" in
    dir) add dir "$mode" "$owner" "$path" ;;
    file) add file "$mode" "$owner" "$path" "$from" ;;
    needs)
      path="$mode"
      [[ -n "${listed[$path]:-}" ]] || die "needs $path before $path is listed"
      for e in "${entries[@]}"; do
        read -r _ _ _ p f <<<"$e"
        [[ "$p" == "$path" ]] && add_needs "$path" "$(source_of "$f")"
      done ;;
    *) echo "container/build.sh: rootfs.in: unknown type $type" >&2; exit 1 ;;
  esac
done <"$here/rootfs.in"

# The context: rootfs/ for root's files, rootfs-U-G/ for the trees of each other owner.
out="$dist/container"
new="$(mktemp -d "$dist/.container.XXXXXX")"
mtime="$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || echo 0)"
declare -A owner_of=()
copies=("COPY rootfs/ /")
{
  echo "# The ddb-local $version image's files (tools/dist/container/build.sh from rootfs.in):"
  echo "# <type> <mode> <uid>:<gid> <path in the image> <path in this build context>"
} >"$new/rootfs.list"
for e in "${entries[@]}"; do
  read -r type mode owner path from <<<"$e"
  parent="${path%/*}"
  [[ -z "$parent" || -n "${owner_of[$parent]:-}" ]] ||
    { echo "container/build.sh: $path is listed before its directory $parent" >&2; exit 1; }
  owner_of[$path]="$owner"
  if [[ "$owner" == 0:0 ]]; then
    [[ -z "$parent" || "${owner_of[$parent]}" == 0:0 ]] ||
      die "root's $path inside $parent of ${owner_of[$parent]}"
    ctx="rootfs$path"
  else
    ctx="rootfs-${owner/:/-}$path"
    if [[ -z "$parent" || "${owner_of[$parent]}" != "$owner" ]]; then  # the top of a tree
      [[ "$type" == dir ]] || die "$path of $owner is not in a directory of its own"
      copies+=("COPY --chown=$owner $ctx/ $path/")
    fi
  fi
  if [[ "$type" == dir ]]; then
    mkdir -p "$new/$ctx"
  else
    src="$(source_of "$from")"
    [[ -f "$src" ]] || { echo "container/build.sh: no $src for $path" >&2; exit 1; }
    cp "$src" "$new/$ctx"
  fi
  chmod "$mode" "$new/$ctx"
  printf '%-4s %s %-9s %-52s %s\n' "$type" "$mode" "$owner" "$path" "$ctx" >>"$new/rootfs.list"
done
copy_lines="$(printf '%s\n' "${copies[@]}")"
awk -v version="$version" -v copies="$copy_lines" \
  '{ gsub(/@VERSION@/, version); if ($0 == "@COPY@") print copies; else print }' \
  "$here/Dockerfile.in" >"$new/Dockerfile"
find "$new" -exec touch -h -d "@$mtime" {} +
chmod 0755 "$new"
rm -rf "$out"
mv "$new" "$out"
echo "$out: $(grep -c '^file' "$out/rootfs.list") files, $(du -sb "$out" | cut -f1) bytes"
