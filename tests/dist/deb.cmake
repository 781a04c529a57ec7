# dist.deb: dist/deb's ddb-local and libddbemu-dev installed with dpkg into a fresh Debian 12
# root (debootstrap, cached under ~/.cache/ddbemu/roots; the first run makes it, in about two
# and a half minutes), the service run from its unit's ExecStart as its user and used with the
# AWS CLI, and examples/ built against the installed package (tests/dist/deb/run.sh). Needs
# root; a missing .deb fails it.
add_test(NAME dist.deb COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/deb/run.sh)
set(_deb_env DDBEMU_DIST=${DDBEMU_DIST_DIR} DDBEMU_VERSION=${PROJECT_VERSION}
             DDBEMU_SOURCE_DIR=${PROJECT_SOURCE_DIR})
set_tests_properties(dist.deb PROPERTIES LABELS dist TIMEOUT 1200
  ENVIRONMENT "${_deb_env}")
