# dist.container: the image of dist/container (tools/dist/container/build.sh) without a container
# runtime: its file system assembled from the build context's rootfs.list, checked against the
# Dockerfile's COPY lines, and the server run in it from the Dockerfile's ENTRYPOINT, CMD, USER
# and WORKDIR in namespaces of its own, used with the AWS CLI, its HEALTHCHECK run, and again
# with `-jar DynamoDBLocal.jar -sharedDb -dbPath ./data` across a restart
# (tests/dist/container/run.py). Needs root; a missing Dockerfile or list fails it.
add_test(NAME dist.container COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/container/run.py)
set_tests_properties(dist.container PROPERTIES LABELS dist TIMEOUT 300
  ENVIRONMENT "DDBEMU_DIST=${DDBEMU_DIST_DIR};DDBEMU_VERSION=${PROJECT_VERSION}")
