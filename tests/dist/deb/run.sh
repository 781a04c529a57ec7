#!/usr/bin/env bash
# ctest dist.deb: dist/deb's two packages installed with dpkg into a fresh Debian 12 root and
# used there, as a user of the packages would, with nothing of this source tree but examples/.
#
#  1. A root from tests/dist/deb/debian_root.sh (debootstrap once, cached; the first run takes
#     minutes), holding what building examples/ needs: g++, cmake, make, pkg-config, GoogleTest
#     and the packages' own Depends (read from the .debs). It is copied to a scratch directory,
#     so the cache stays pristine.
#  2. dpkg -i both .debs, offline. The system user, its data directory, the conffile and the
#     unit are checked.
#  3. The service as systemd would run it (systemd does not run in a chroot): ExecStart, User,
#     Group, WorkingDirectory and EnvironmentFile read from the installed unit, $VAR expanded
#     from /etc/default/ddb-local (set to -sharedDb here, to see it taken), run as that user in
#     the root. It runs in namespaces of its own (mount, pid, network: the unit's default
#     127.0.0.1:8000 is then free, whatever the machine serves), and the host's AWS CLI, in the
#     same network namespace, creates a table, puts an item and gets it back. SIGTERM stops it;
#     the item is on disk in /var/lib/ddb-local, owned by the service's user.
#  4. examples/ copied into the root and built there against libddbemu-dev with
#     find_package(ddbemu) (and quickstart.cc with pkg-config's flags), then run.
#  5. dpkg -r and --purge ddb-local.
# The namespaces' end takes their mounts and processes with them; the scratch directory is
# removed on every exit.
#
#   DDBEMU_DIST=dist DDBEMU_VERSION=V DDBEMU_SOURCE_DIR=. tests/dist/deb/run.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [[ "${1:-}" == --inside ]]; then
  # ---- Steps 2-5, in the private mount, pid and network namespaces (pid 1 here). ----
  root="$2"
  step() { printf '\n== %s (%d s)\n' "$*" "$SECONDS"; }
  die() { echo "dist.deb: FAIL: $*" >&2; exit 1; }
  in_root() {
    chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
  }
  ip link set lo up
  mount -t proc proc "$root/proc"

  step "dpkg -i"
  in_root dpkg -i /tmp/debs/ddb-local.deb /tmp/debs/libddbemu-dev.deb
  in_root dpkg-query -W -f='${Package} ${Version} ${Status}\n' ddb-local libddbemu-dev
  for p in ddb-local libddbemu-dev; do
    [[ "$(in_root dpkg-query -W -f='${Status}' "$p")" == "install ok installed" ]] ||
      die "$p is not installed"
  done
  cmp "$root/usr/bin/ddb-local" "$root/tmp/debs/tarball-ddb-local" ||
    die "/usr/bin/ddb-local is not the tarball's binary"
  in_root ddb-local --version
  pw="$(in_root getent passwd ddb-local)" || die "no system user ddb-local"
  echo "user: $pw"
  IFS=: read -r _ _ uid gid _ home shell <<<"$pw"
  (( uid < 1000 )) || die "ddb-local is not a system user (uid $uid)"
  [[ "$shell" == /usr/sbin/nologin ]] || die "ddb-local's shell is $shell"
  [[ "$(stat -c '%u:%g %a' "$root/var/lib/ddb-local")" == "$uid:$gid 750" ]] ||
    die "/var/lib/ddb-local is $(stat -c '%u:%g %a' "$root/var/lib/ddb-local")"
  grep -qx /etc/default/ddb-local "$root/var/lib/dpkg/info/ddb-local.conffiles" ||
    die "/etc/default/ddb-local is no conffile"

  step "the unit"
  unit="$root/lib/systemd/system/ddb-local.service"
  [[ -f "$unit" ]] || die "no /lib/systemd/system/ddb-local.service"
  cat "$unit"
  # The enabling symlink deb-systemd-helper made (systemd reads it at boot).
  [[ -L "$root/etc/systemd/system/multi-user.target.wants/ddb-local.service" ]] ||
    die "ddb-local.service is not enabled (multi-user.target.wants)"
  key() { sed -n "s/^$1=//p" "$unit" | tail -n1; }
  exec_start="$(key ExecStart)" user="$(key User)" group="$(key Group)"
  workdir="$(key WorkingDirectory)" envfile="$(key EnvironmentFile)"
  [[ -n "$exec_start" && -n "$user" ]] || die "the unit has no ExecStart or no User"
  [[ $(grep -c '^ExecStart=' "$unit") -eq 1 ]] || die "the unit has more than one ExecStart"
  exec_start="${exec_start#[-@:+!]}"
  [[ "$exec_start" != *[\"\'\\]* ]] ||
    die "ExecStart uses quoting this test does not parse: $exec_start"
  # EnvironmentFile: KEY=VALUE lines, '#' comments, values optionally quoted.
  declare -A unit_env=()
  read_env() {
    local file="$root${envfile#-}" line k v
    unit_env=()
    [[ -f "$file" ]] || { [[ "$envfile" == -* ]] && return 0; die "no $file"; }
    while IFS= read -r line || [[ -n "$line" ]]; do
      [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
      [[ "$line" =~ ^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || die "bad line in $file: $line"
      k="${BASH_REMATCH[1]}" v="${BASH_REMATCH[2]}"
      if [[ "$v" =~ ^\"(.*)\"$ || "$v" =~ ^\'(.*)\'$ ]]; then v="${BASH_REMATCH[1]}"; fi
      unit_env[$k]="$v"
    done <"$file"
  }
  # ExecStart's words, as systemd expands them: $VAR splits at whitespace, ${VAR} is one word.
  expand() {
    local w
    argv=()
    for w in $exec_start; do
      if [[ "$w" =~ ^\$([A-Za-z_][A-Za-z0-9_]*)$ ]]; then
        read -ra split <<<"${unit_env[${BASH_REMATCH[1]}]:-}"
        argv+=("${split[@]}")
      elif [[ "$w" =~ ^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$ ]]; then
        argv+=("${unit_env[${BASH_REMATCH[1]}]:-}")
      elif [[ "$w" == *\$* ]]; then
        die "ExecStart word $w: a variable inside a word is not parsed here"
      else
        argv+=("$w")
      fi
    done
  }
  read_env
  expand
  echo "ExecStart with the shipped /etc/default/ddb-local: ${argv[*]}"
  default="/usr/bin/ddb-local --host 127.0.0.1 -port 8000 -dbPath /var/lib/ddb-local"
  [[ "${argv[*]}" == "$default" ]] ||
    die "the default command line is not 127.0.0.1:8000 on /var/lib/ddb-local"
  # A user's change to the conffile reaches the server.
  sed -i 's/^DDB_LOCAL_OPTS=.*/DDB_LOCAL_OPTS="-sharedDb"/' "$root${envfile#-}"
  read_env
  expand
  echo "ExecStart with DDB_LOCAL_OPTS=\"-sharedDb\": ${argv[*]}"
  [[ "${argv[-1]}" == -sharedDb ]] || die "DDB_LOCAL_OPTS was not expanded into ExecStart"

  step "serve as $user"
  run_uid="$(in_root id -u "$user")"
  run_gid="$(in_root getent group "${group:-$user}" | cut -d: -f3)"
  env_args=(PATH=/usr/local/bin:/usr/bin:/bin HOME="$home" USER="$user" LOGNAME="$user")
  for k in "${!unit_env[@]}"; do env_args+=("$k=${unit_env[$k]}"); done
  log="$root/tmp/ddb-local.log"
  serve() {
    chroot --userspec="$run_uid:$run_gid" --groups="$run_gid" "$root" \
      /usr/bin/env -i "${env_args[@]}" \
      /bin/sh -c 'cd "$0" && exec "$@"' "${workdir:-/}" "${argv[@]}" >"$log" 2>&1 &
    server_pid=$!
    local deadline=$((SECONDS + 30))
    until grep -q '^Listening:' "$log" 2>/dev/null; do
      kill -0 "$server_pid" 2>/dev/null || { cat "$log"; die "the server exited before listening"; }
      (( SECONDS < deadline )) || { cat "$log"; die "the server did not listen within 30 s"; }
      sleep 0.05
    done
    cat "$log"
  }
  stop() {
    kill -TERM "$server_pid"
    local deadline=$((SECONDS + 30)) rc=0
    while kill -0 "$server_pid" 2>/dev/null; do
      (( SECONDS < deadline )) || die "the server did not stop within 30 s of SIGTERM"
      sleep 0.05
    done
    wait "$server_pid" || rc=$?
    [[ $rc -eq 0 ]] || { cat "$log"; die "the server exited with $rc on SIGTERM"; }
  }
  serve
  grep -q $'^Listening:\thttp://127.0.0.1:8000 ' "$log" || die "not listening on 127.0.0.1:8000"
  grep -q $'^SharedDb:\ttrue' "$log" || die "-sharedDb from /etc/default/ddb-local was not taken"
  [[ "$(stat -c %u "$root/proc/$server_pid")" == "$run_uid" ]] ||
    die "the server does not run as $user"

  step "AWS CLI round trip"
  aws() { command aws --endpoint-url http://127.0.0.1:8000 --output json "$@"; }
  aws dynamodb create-table --table-name deb_items --billing-mode PAY_PER_REQUEST \
    --attribute-definitions AttributeName=id,AttributeType=S \
    --key-schema AttributeName=id,KeyType=HASH >/dev/null
  aws dynamodb put-item --table-name deb_items --item '{"id":{"S":"deb-1"},"n":{"N":"42"}}'
  got="$(aws dynamodb get-item --table-name deb_items --key '{"id":{"S":"deb-1"}}' \
          --query 'Item.n.N' --output text)"
  [[ "$got" == 42 ]] || die "get-item answered '$got'"
  echo "get-item: n = $got"
  stop
  find "$root/var/lib/ddb-local" -maxdepth 1 -type f -printf '%u %m %s %p\n'
  [[ -n "$(find "$root/var/lib/ddb-local" -maxdepth 1 -name '*.mdb' -uid "$run_uid")" ]] ||
    die "no database file owned by $user in /var/lib/ddb-local"
  serve
  got="$(aws dynamodb get-item --table-name deb_items --key '{"id":{"S":"deb-1"}}' \
          --query 'Item.n.N' --output text)"
  [[ "$got" == 42 ]] || die "after a restart, get-item answered '$got'"
  echo "after a restart: n = $got"
  stop

  step "examples/ against libddbemu-dev"
  in_root sh -ec '
    cmake -S /tmp/examples -B /tmp/examples-build -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    grep "^ddbemu_DIR:" /tmp/examples-build/CMakeCache.txt
    grep -qx "ddbemu_DIR:PATH=/usr/lib/cmake/ddbemu" /tmp/examples-build/CMakeCache.txt
    cmake --build /tmp/examples-build -j 2
    for exe in ddbemu_quickstart ddbemu_streams_and_backups ddbemu_fixture_test; do
      echo "-- $exe"
      /tmp/examples-build/$exe
    done
    echo "-- quickstart.cc with pkg-config: $(pkg-config --cflags --libs ddbemu)"
    g++ -std=c++20 -O1 /tmp/examples/quickstart.cc -o /tmp/quickstart_pc \
      $(pkg-config --cflags --libs ddbemu)
    /tmp/quickstart_pc
  ' || die "building or running examples/ against the installed libddbemu-dev failed"

  step "dpkg -r, dpkg --purge"
  in_root dpkg -r ddb-local
  [[ ! -e "$root/usr/bin/ddb-local" ]] || die "/usr/bin/ddb-local is left after dpkg -r"
  [[ -f "$root/etc/default/ddb-local" ]] || die "dpkg -r removed the conffile"
  in_root dpkg --purge ddb-local
  [[ ! -e "$root/etc/default/ddb-local" && ! -e "$root/var/lib/ddb-local" ]] ||
    die "dpkg --purge left /etc/default/ddb-local or /var/lib/ddb-local"
  echo "dist.deb: inside the root: OK ($SECONDS s)"
  exit 0
fi

# ---- Outside: find the packages, make or find the root, copy it, enter the namespaces. ----
die() { echo "dist.deb: FAIL: $*" >&2; exit 1; }
dist="${DDBEMU_DIST:?DDBEMU_DIST must name the dist directory}"
version="${DDBEMU_VERSION:?DDBEMU_VERSION must be the release version}"
source_dir="${DDBEMU_SOURCE_DIR:-$(cd "$here/../../.." && pwd)}"
[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot, namespaces)"
command -v aws >/dev/null || die "no AWS CLI (aws) on the host"
debarch="$(dpkg --print-architecture)"
case "$debarch" in amd64) arch=x64 ;; arm64) arch=arm64 ;; *) die "no release for $debarch" ;; esac
runtime_deb="$dist/deb/ddb-local_${version}_${debarch}.deb"
dev_deb="$dist/deb/libddbemu-dev_${version}_${debarch}.deb"
tarball="$dist/ddb-local-$version-linux-$arch.tar.gz"
for f in "$runtime_deb" "$dev_deb" "$tarball"; do
  [[ -f "$f" ]] || die "missing $f (tools/dev package writes it)"
done
[[ -f "$source_dir/examples/CMakeLists.txt" ]] || die "no examples/ in $source_dir"

# Build tools, GoogleTest (ddbemu::gtest) and both packages' Depends, without versions.
packages=(g++ cmake make pkg-config libgtest-dev)
for deb in "$runtime_deb" "$dev_deb"; do
  while IFS= read -r dep; do
    dep="${dep%%|*}" dep="${dep%%(*}" dep="${dep//[[:space:]]/}"
    [[ -n "$dep" ]] && packages+=("$dep")
  done < <(dpkg-deb -f "$deb" Depends | tr ',' '\n')
done
start=$SECONDS
root_cache="$("$here/debian_root.sh" "${packages[@]}")"
made_in="$(sed -n 's/^seconds=//p' "$root_cache/.ddbemu-root-complete")"
echo "root: $root_cache ($made_in s to make; $((SECONDS - start)) s here)"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/ddbemu-dist-deb.XXXXXX")"
ns_pid=""
cleanup() {
  if [[ -n "$ns_pid" ]] && kill -0 "$ns_pid" 2>/dev/null; then
    kill -KILL "$ns_pid" 2>/dev/null || true  # pid 1 of the namespace: everything in it goes
    wait "$ns_pid" 2>/dev/null || true
  fi
  # Nothing is mounted under $scratch in this mount namespace: the mounts were the namespace's.
  rm -rf --one-file-system "$scratch"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
start=$SECONDS
cp -a --reflink=auto "$root_cache" "$scratch/root"
echo "copied the root in $((SECONDS - start)) s"
mkdir -p "$scratch/root/tmp/debs"
cp "$runtime_deb" "$scratch/root/tmp/debs/ddb-local.deb"
cp "$dev_deb" "$scratch/root/tmp/debs/libddbemu-dev.deb"
tar -xzf "$tarball" -O "ddb-local-$version-linux-$arch/bin/ddb-local" \
  >"$scratch/root/tmp/debs/tarball-ddb-local"
cp -r "$source_dir/examples" "$scratch/root/tmp/examples"
rm -rf "$scratch/root/tmp/examples/build"

export AWS_ACCESS_KEY_ID=dist-deb AWS_SECRET_ACCESS_KEY=dist-deb AWS_DEFAULT_REGION=us-east-1
export AWS_EC2_METADATA_DISABLED=true AWS_CONFIG_FILE=/dev/null
export AWS_SHARED_CREDENTIALS_FILE=/dev/null
unshare --mount --pid --net --fork --kill-child bash "$here/run.sh" --inside "$scratch/root" &
ns_pid=$!
rc=0
wait "$ns_pid" || rc=$?
ns_pid=""
[[ $rc -eq 0 ]] || die "inside the root (exit $rc)"
echo "dist.deb: OK ($SECONDS s)"
