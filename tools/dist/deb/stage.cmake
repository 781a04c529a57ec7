# What goes into each Debian package besides the build's own install rules: run by cpack (install
# rules of cmake/ddbemuDebian.cmake) with DESTDIR set to the package's staging directory and
# CMAKE_INSTALL_PREFIX=/usr; DDBEMU_DEB_PACKAGE names the package. Read at cpack time, so a
# change here needs no reconfigure.
#   ddb-local      bin/ddb-local and bin/hrctl of the unpacked tarball ($ENV{DDBEMU_DEB_STAGE}),
#                  copied as they are; the unit, the flags file, the docs.
#   libddbemu-dev  its docs (the rest is the ddbemu_development component).
set(_deb "${CMAKE_CURRENT_LIST_DIR}")
set(_pkg "${DDBEMU_DEB_PACKAGE}")
set(_doc "${CMAKE_INSTALL_PREFIX}/share/doc/${_pkg}")
set(_stage "$ENV{DDBEMU_DEB_STAGE}")
if(_stage STREQUAL "" OR NOT EXISTS "${_stage}/bin/ddb-local")
  message(FATAL_ERROR
          "DDBEMU_DEB_STAGE must name an unpacked release tarball (tools/dist/deb/build.sh)")
endif()

set(_rw_r_r OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
set(_rwx_rx_rx OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
               WORLD_READ WORLD_EXECUTE)

# The Debian changelog of a native package: one entry per release, dated as the release's commit
# (build.sh sets DDBEMU_DEB_DATE, RFC 2822), gzip -9n as Policy wants.
function(ddbemu_deb_changelog out)
  set(date "$ENV{DDBEMU_DEB_DATE}")
  if(date STREQUAL "")
    execute_process(COMMAND date -R OUTPUT_VARIABLE date OUTPUT_STRIP_TRAILING_WHITESPACE)
  endif()
  set(maintainer "$ENV{DDBEMU_DEB_MAINTAINER}")
  if(maintainer STREQUAL "")
    set(maintainer "ddb-local maintainers <maintainers@example.invalid>")
  endif()
  # One quoted string: a list would take the ';' of "unstable; urgency" for a separator.
  set(v "$ENV{DDBEMU_DEB_VERSION}")
  file(WRITE "${out}" "${_pkg} (${v}) unstable; urgency=medium\n\n"
                      "  * Release ${v}.\n\n -- ${maintainer}  ${date}\n")
  execute_process(COMMAND gzip -9nf "${out}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${out} failed")
  endif()
endfunction()

set(_tmp "$ENV{DDBEMU_DEB_WORK}")
if(_tmp STREQUAL "")
  set(_tmp "${CMAKE_CURRENT_BINARY_DIR}")
endif()
file(MAKE_DIRECTORY "${_tmp}/${_pkg}")
ddbemu_deb_changelog("${_tmp}/${_pkg}/changelog")

file(INSTALL "${_deb}/copyright.${_pkg}" DESTINATION "${_doc}" RENAME copyright
     FILE_PERMISSIONS ${_rw_r_r})
file(INSTALL "${_tmp}/${_pkg}/changelog.gz" DESTINATION "${_doc}" FILE_PERMISSIONS ${_rw_r_r})
file(INSTALL "${_deb}/lintian-overrides.${_pkg}"
     DESTINATION "${CMAKE_INSTALL_PREFIX}/share/lintian/overrides" RENAME "${_pkg}"
     FILE_PERMISSIONS ${_rw_r_r})

if(_pkg STREQUAL "ddb-local")
  file(INSTALL "${_stage}/bin/ddb-local" "${_stage}/bin/hrctl"
       DESTINATION "${CMAKE_INSTALL_PREFIX}/bin" FILE_PERMISSIONS ${_rwx_rx_rx})
  file(INSTALL "${_deb}/ddb-local.service" DESTINATION /lib/systemd/system
       FILE_PERMISSIONS ${_rw_r_r})
  file(INSTALL "${_deb}/ddb-local.default" DESTINATION /etc/default RENAME ddb-local
       FILE_PERMISSIONS ${_rw_r_r})
  # The notices of what the binary links statically (LMDB, OpenSSL, zlib, libstdc++, ...).
  foreach(f NOTICE THIRD-PARTY-NOTICES.txt)
    if(EXISTS "${_stage}/${f}")
      file(INSTALL "${_stage}/${f}" DESTINATION "${_doc}" FILE_PERMISSIONS ${_rw_r_r})
    endif()
  endforeach()
elseif(_pkg STREQUAL "libddbemu-dev")
  if(EXISTS "${_stage}/NOTICE")
    file(INSTALL "${_stage}/NOTICE" DESTINATION "${_doc}" FILE_PERMISSIONS ${_rw_r_r})
  endif()
else()
  message(FATAL_ERROR "stage.cmake: unknown package '${_pkg}'")
endif()
