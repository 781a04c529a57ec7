# The portable release build (DDBEMU_PORTABLE=ON, what tools/dev and every package use): the
# shipped executables depend on glibc alone, so one binary runs on any glibc Linux of its
# architecture from DDBEMU_GLIBC_FLOOR on.
#
#  - LMDB, OpenSSL's libcrypto (and libssl), zlib and libzstd are linked from their static archives;
#  - libstdc++ and libgcc are linked statically into every executable;
#  - glibc stays dynamic (a static glibc cannot load NSS modules, and a binary should use the
#    C library of the machine it runs on). Building on Debian 12 (glibc 2.36), the static
#    libstdc++ and libgcc would pull in symbols newer than the floor (arc4random@GLIBC_2.36 for
#    std::random_device, _dl_find_object@GLIBC_2.35 for the unwinder);
#    ddbemu_portable_executable() links tools/common/glibc_compat.cc,
#    which defines those few in the executable itself so that no versioned reference to them
#    is left. tests/dist/check_portable_binary.py (ctest dist.portable_binary) checks the
#    NEEDED list and the newest GLIBC_ symbol version of ddb-local and hrctl.
option(DDBEMU_PORTABLE "Link the executables statically against everything but glibc" OFF)
# Ubuntu 22.04 has 2.35, RHEL 9 and Amazon Linux 2023 2.34; Debian 11 (2.31) is below.
set(DDBEMU_GLIBC_FLOOR "2.34")

if(DDBEMU_PORTABLE)
  set(OPENSSL_USE_STATIC_LIBS TRUE)
  set(ZLIB_USE_STATIC_LIBS ON)  # CMake >= 3.24
  add_link_options(-static-libstdc++ -static-libgcc)
endif()

# After find_package: LMDB's pkg-config target names -llmdb, which the linker would take as
# the shared library; point it at the archive.
function(ddbemu_use_static_lmdb)
  if(NOT DDBEMU_PORTABLE)
    return()
  endif()
  find_library(DDBEMU_LMDB_ARCHIVE NAMES liblmdb.a HINTS ${LMDB_LIBRARY_DIRS} REQUIRED)
  set_target_properties(PkgConfig::LMDB PROPERTIES
    INTERFACE_LINK_LIBRARIES "${DDBEMU_LMDB_ARCHIVE};Threads::Threads"
    INTERFACE_LINK_DIRECTORIES "" INTERFACE_LINK_OPTIONS "")
  # libzstd likewise (ImportTable's ZSTD input), when it was found.
  if(TARGET PkgConfig::ZSTD)
    find_library(DDBEMU_ZSTD_ARCHIVE NAMES libzstd.a HINTS ${ZSTD_LIBRARY_DIRS} REQUIRED)
    set_target_properties(PkgConfig::ZSTD PROPERTIES INTERFACE_LINK_LIBRARIES "${DDBEMU_ZSTD_ARCHIVE}"
      INTERFACE_LINK_DIRECTORIES "" INTERFACE_LINK_OPTIONS "")
  endif()
endfunction()

# An executable that ships: in the portable build, with the glibc compatibility definitions.
function(ddbemu_portable_executable target)
  if(DDBEMU_PORTABLE)
    target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tools/common/glibc_compat.cc)
  endif()
endfunction()
