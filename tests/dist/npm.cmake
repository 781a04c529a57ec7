# dist.npm: the npm packages (tools/dist/npm/build.sh) installed offline from dist/npm into an
# empty project outside the source tree, then `npx ddb-local` serving, the launcher's signals
# and exit status, the messages for missing or unsupported platforms, and ddb-local-js's example
# test (tests/dist/npm/install_test.mjs). The AWS SDK for the round trip is the client tests'
# (tests/clients/js/node_modules), loaded by the test itself; none of our packages come from
# there. A missing package fails the test.
find_program(DDBEMU_NODE node)
if(NOT DDBEMU_NODE)
  set(DDBEMU_NODE node)  # the test then fails with "not found"
endif()
add_test(NAME dist.npm
  COMMAND ${DDBEMU_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/npm/install_test.mjs
          --version ${PROJECT_VERSION} --sdk ${PROJECT_SOURCE_DIR}/tests/clients/js
  WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(dist.npm PROPERTIES LABELS dist TIMEOUT 600
  ENVIRONMENT "DDBEMU_DIST=${DDBEMU_DIST_DIR}")
