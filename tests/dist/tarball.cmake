# The release tarballs (tools/dist/tarball.sh): glibc alone, the glibc floor, the files.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME dist.portable_binary
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_portable_binary.py
                 ${DDBEMU_DIST_DIR} ${PROJECT_VERSION} ${DDBEMU_GLIBC_FLOOR})
set_tests_properties(dist.portable_binary PROPERTIES LABELS dist TIMEOUT 60)
