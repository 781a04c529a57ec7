# dist.release_dry_run: `tools/dev release --dry-run` over the dist/ built for the tests, as it
# is (--dist: no packaging) and with npm kept off the registry (--offline: no network here).
# Every check must pass: `npm publish --dry-run --json` of each npm tarball names the package at
# the project version and lists exactly its expected files (tools/dist/npm/manifest.mjs
# published); each wheel's METADATA has Name pytest-ddb-local and Version the project version,
# and its WHEEL, RECORD and binary are right (tools/dist/python/build_wheel.py --check); both
# .deb's control files have the expected Package, Version, Architecture and Depends, their
# contents and lintian are clean (tools/dist/deb/build.sh --check); SHA256SUMS lists every file
# with its checksum; CHANGELOG.md has the version's section. tools/dev reads the version from
# project(ddbemu VERSION ...), as PROJECT_VERSION is. A missing dist/ fails it.
add_test(NAME dist.release_dry_run
  COMMAND bash ${PROJECT_SOURCE_DIR}/tools/dev release --dry-run --dist ${DDBEMU_DIST_DIR}
          --offline)
set_tests_properties(dist.release_dry_run PROPERTIES LABELS dist TIMEOUT 600)
