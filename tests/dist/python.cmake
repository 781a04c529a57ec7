# dist.python: the pytest-ddb-local wheel (tools/dist/python/build_wheel.py) installed with
# pip --no-index into a fresh venv of Debian's python3 (--system-site-packages: its pytest and
# boto3), then a pytest session outside the source tree using the plugin's fixtures with boto3
# (tests/dist/python/install_test.py). A missing wheel fails the test.
set(DDBEMU_DIST_PYTHON /usr/bin/python3 CACHE FILEPATH
    "Debian's python3 (python3-venv, python3-pytest, python3-boto3) for dist.python")
add_test(NAME dist.python
  COMMAND ${DDBEMU_DIST_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/python/install_test.py
          --version ${PROJECT_VERSION}
  WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(dist.python PROPERTIES LABELS dist TIMEOUT 600
  ENVIRONMENT "DDBEMU_DIST=${DDBEMU_DIST_DIR}")
