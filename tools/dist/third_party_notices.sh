#!/usr/bin/env bash
# Prints THIRD-PARTY-NOTICES.txt for the portable binaries: the licence of each library linked
# into them, taken from the Debian packages they were linked from (/usr/share/doc/*/copyright
# and /usr/share/common-licenses), with those packages' versions, so that the notices name
# exactly what was linked. glibc is not in the binaries (it is the machine's own).
set -euo pipefail

version_of() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo unknown; }
section() {
  printf '\n%s\n%s\n\n' "================================================================================" "$1"
}
copyright() {
  local file="/usr/share/doc/$1/copyright"
  [[ -f "$file" ]] || { echo "third_party_notices.sh: $file is missing" >&2; exit 1; }
  cat "$file"
}

cat <<'HEAD'
Third-party software in ddb-local and hrctl

The portable binaries link these libraries statically (cmake/ddbemuPortable.cmake). Each is
distributed under its own licence, reproduced below from the Debian package it was linked
from. ddbemu itself is under the Apache License 2.0 (LICENSE, NOTICE).
HEAD

section "OpenSSL (libcrypto, libssl) $(version_of libssl3) — Apache License 2.0"
copyright libssl3
section "LMDB $(version_of liblmdb0) — OpenLDAP Public License 2.8"
copyright liblmdb0
section "zlib $(version_of zlib1g) — zlib License"
copyright zlib1g
section "Zstandard (libzstd) $(version_of libzstd1) — BSD License"
copyright libzstd1
section "Boost (Asio, Beast, Multiprecision; header-only) $(version_of libboost1.74-dev) — Boost Software License 1.0"
sed -n '/^ Boost Software License - Version 1.0/,/OTHER DEALINGS IN THE SOFTWARE\.$/{p;/OTHER DEALINGS/q}' \
  /usr/share/doc/libboost1.74-dev/copyright | sed 's/^ //; s/^\.$//'
section "RapidJSON $(version_of rapidjson-dev) (header-only) — MIT License"
copyright rapidjson-dev
section "GCC runtime (libstdc++, libgcc) $(version_of libstdc++6) — GPL 3 with the GCC Runtime Library Exception 3.1"
cat <<'GCC'
libstdc++ and libgcc are distributed under the GNU General Public License version 3 with the
GCC Runtime Library Exception, version 3.1, which permits distributing programs compiled with
GCC, with the runtime linked in, under terms of the program's choice. The exception follows,
then the GPL version 3.

GCC
sed -n '/^GCC RUNTIME LIBRARY EXCEPTION$/,/^requirements of the license of GCC.$/p' /usr/share/doc/libstdc++6/copyright
printf '\n'
cat /usr/share/common-licenses/GPL-3
