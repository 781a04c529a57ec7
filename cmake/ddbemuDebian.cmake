# The Debian packages (tools/dist/README.md), made by CPack's DEB generator from this build tree
# and a release tarball; tools/dist/deb/build.sh runs it:
#
#   ddb-local      the tarball's bin/ddb-local and bin/hrctl (the very files: never rebuilt or
#                  restripped here) in /usr/bin, the systemd unit ddb-local.service, its flags
#                  file /etc/default/ddb-local (a conffile), and the system user it runs as.
#   libddbemu-dev  what `cmake --install --component ddbemu_development` installs (the headers,
#                  libddbemu.a, the CMake package and ddbemu.pc; cmake/ddbemuPackage.cmake) in
#                  /usr.
#
# Only the components' names and the CPack entry point are fixed here, at configure time. What
# goes into each package (tools/dist/deb/stage.cmake) and every control field
# (tools/dist/deb/cpack_options.cmake) is read when cpack runs, so a change to either needs no
# reconfigure. The Debian-only files are EXCLUDE_FROM_ALL: a plain `cmake --install` or one of
# ddbemu_development installs none of them.
if(NOT DDBEMU_INSTALL)
  return()
endif()

set(_ddbemu_deb_dir ${PROJECT_SOURCE_DIR}/tools/dist/deb)
# ddb-local's files come from the unpacked tarball that build.sh names in DDBEMU_DEB_STAGE.
install(CODE "set(DDBEMU_DEB_PACKAGE ddb-local)\ninclude(\"${_ddbemu_deb_dir}/stage.cmake\")"
        COMPONENT ddbemu_deb_runtime EXCLUDE_FROM_ALL)
# libddbemu-dev's own files (its copyright), beside the ddbemu_development component.
install(CODE "set(DDBEMU_DEB_PACKAGE libddbemu-dev)\ninclude(\"${_ddbemu_deb_dir}/stage.cmake\")"
        COMPONENT ddbemu_deb_dev EXCLUDE_FROM_ALL)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ddb-local)
set(CPACK_PACKAGE_VENDOR "ddb-local")
set(CPACK_PACKAGE_CONTACT "ddb-local maintainers <maintainers@example.invalid>")
set(CPACK_DEB_COMPONENT_INSTALL ON)
# One package per group: runtime -> ddb-local, dev -> libddbemu-dev (cpack_options.cmake). The
# build's other components (ddbemu_runtime: the unstripped build of ddb-local) are in none.
set(CPACK_COMPONENTS_ALL ddbemu_deb_runtime ddbemu_development ddbemu_deb_dev)
set(CPACK_COMPONENTS_GROUPING ONE_PER_GROUP)
set(CPACK_COMPONENT_DDBEMU_DEB_RUNTIME_GROUP runtime)
set(CPACK_COMPONENT_DDBEMU_DEVELOPMENT_GROUP dev)
set(CPACK_COMPONENT_DDBEMU_DEB_DEV_GROUP dev)
# ddb-local's Depends: libc6 (>= the glibc floor of the portable build, cmake/ddbemuPortable.cmake).
set(CPACK_DDBEMU_GLIBC_FLOOR "${DDBEMU_GLIBC_FLOOR}")
set(CPACK_PROJECT_CONFIG_FILE ${_ddbemu_deb_dir}/cpack_options.cmake)
set(CPACK_OUTPUT_CONFIG_FILE ${PROJECT_BINARY_DIR}/CPackConfig.cmake)
set(CPACK_SOURCE_OUTPUT_CONFIG_FILE ${PROJECT_BINARY_DIR}/CPackSourceConfig.cmake)
include(CPack)
