# CPack-time settings of the Debian packages (CPACK_PROJECT_CONFIG_FILE of
# cmake/ddbemuDebian.cmake): read by cpack after the build's CPackConfig.cmake, so a change here
# needs no reconfigure. tools/dist/deb/build.sh sets the environment:
#   DDBEMU_DEB_VERSION  the release version (the tarball's)
#   DDBEMU_DEB_ARCH     the Debian architecture (amd64, arm64)
#   DDBEMU_DEB_STAGE    the unpacked tarball directory (stage.cmake reads it)
# and, optionally, DDBEMU_DEB_MAINTAINER and DDBEMU_DEB_HOMEPAGE (placeholders by default).
foreach(_v DDBEMU_DEB_VERSION DDBEMU_DEB_ARCH DDBEMU_DEB_STAGE)
  if("$ENV{${_v}}" STREQUAL "")
    message(FATAL_ERROR "${_v} is not set: make the Debian packages with tools/dist/deb/build.sh")
  endif()
endforeach()

set(CPACK_PACKAGE_VERSION "$ENV{DDBEMU_DEB_VERSION}")
set(CPACK_DEBIAN_PACKAGE_VERSION "$ENV{DDBEMU_DEB_VERSION}")
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "$ENV{DDBEMU_DEB_ARCH}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "ddb-local maintainers <maintainers@example.invalid>")
if(NOT "$ENV{DDBEMU_DEB_MAINTAINER}" STREQUAL "")
  set(CPACK_DEBIAN_PACKAGE_MAINTAINER "$ENV{DDBEMU_DEB_MAINTAINER}")
endif()
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://example.invalid/ddb-local")
if(NOT "$ENV{DDBEMU_DEB_HOMEPAGE}" STREQUAL "")
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "$ENV{DDBEMU_DEB_HOMEPAGE}")
endif()
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # <name>_<version>_<arch>.deb
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)  # Depends are written out below, and checked by build.sh
# Files installed to /etc and /lib by stage.cmake: the staging directory is DESTDIR.
set(CPACK_SET_DESTDIR ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(_deb "${CMAKE_CURRENT_LIST_DIR}")

# ddb-local: the server (only glibc is dynamic in the portable build), hrctl, the service.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ddb-local)
set(CPACK_DEBIAN_RUNTIME_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION database)
# libc6: the glibc floor of the portable build (CPACK_DDBEMU_GLIBC_FLOOR, from
# cmake/ddbemuPortable.cmake; build.sh checks the binary against it). passwd: postinst's useradd.
set(_glibc_floor "${CPACK_DDBEMU_GLIBC_FLOOR}")
if(NOT _glibc_floor)
  set(_glibc_floor 2.34)
endif()
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "libc6 (>= ${_glibc_floor}), passwd")
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
"DynamoDB-compatible server on LMDB, a drop-in for DynamoDB Local
ddb-local answers the DynamoDB API (and DynamoDB Local's command line) over
HTTP, keeping tables in LMDB: a data directory, or memory with -inMemory.
It starts in milliseconds and needs no Java.

This package runs it as the systemd service ddb-local.service, serving
/var/lib/ddb-local on 127.0.0.1:8000 as the system user ddb-local; its flags
are set in /etc/default/ddb-local. It also holds hrctl, the command-line tool
of the HR example data set.")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA
    "${_deb}/control/conffiles" "${_deb}/control/postinst" "${_deb}/control/prerm"
    "${_deb}/control/postrm")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# libddbemu-dev: the embeddable emulator for C++20 programs.
set(CPACK_DEBIAN_DEV_PACKAGE_NAME libddbemu-dev)
set(CPACK_DEBIAN_DEV_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
# What a program linking libddbemu.a needs (ddbemuConfig.cmake's find_dependency, ddbemu.pc's
# Requires): LMDB, OpenSSL's libcrypto, zlib, libzstd, and Boost's headers.
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "liblmdb-dev, libssl-dev, zlib1g-dev, libzstd-dev, libboost-dev (>= 1.74)")
set(CPACK_DEBIAN_DEV_PACKAGE_SUGGESTS "libgtest-dev, cmake (>= 3.25), pkg-config")
set(CPACK_DEBIAN_DEV_DESCRIPTION
"embeddable DynamoDB emulator on LMDB (C++20 static library)
ddbemu runs the DynamoDB API inside a C++ program: a Database on an LMDB
directory or in memory, an embedded Client, an HTTP Client, and a GoogleTest
fixture (ddbemu/testing/gtest.h).

This package holds the headers, the static library libddbemu.a, the CMake
package (find_package(ddbemu) -> ddbemu::ddbemu, ddbemu::gtest) and the
pkg-config file ddbemu.pc.")
